"""The README is a front door and the docs hold together: the README opens with
the two commands, stays short and carries no dated figure, and every relative
link of the README and of docs/ reaches a file."""

import re

OPENING = """# tictac

```sh
scripts/run     # the main job: installs what is missing, builds, runs the default experiment into results/latest/
scripts/test    # the tests: installs what is missing, builds with CMake and meson, runs every test in both
```
"""


def test_the_readme_opens_with_the_main_job_and_the_test_command_that_ci_runs(source_dir):
    assert (source_dir / "README.md").read_text().startswith(OPENING)
    assert "\nscripts/test\n" in (source_dir / ".ci" / "run").read_text()


def test_the_readme_is_short_and_carries_no_dated_measurement(source_dir):
    readme = (source_dir / "README.md").read_text()
    assert len(readme.splitlines()) <= 150
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", readme), "dated figures belong in docs/findings.md"


def test_every_relative_link_of_the_readme_and_the_docs_reaches_a_file(source_dir):
    pages = [source_dir / "README.md", source_dir / "experiments" / "README.md", *sorted((source_dir / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text()):
            if "://" in target:
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(source_dir)}: {target}")
    assert not broken, broken
