"""tictac: exact game-tree search on m,n,k-games, from Python.

A thin binding of the tictac harness (the C++ library behind the ``tictac``
command): every value is exact, every search is checked against the exact
solver, and the results are the CLI's, with the same keys and the same
error messages.

    >>> import tictac
    >>> board = tictac.Board()                    # 3x3, k=3: tic-tac-toe
    >>> tictac.solve(board).value                 # X's point of view
    0
    >>> tictac.solve(board, "X.O/.X./..O", strategy="negamax").best_move_name
    'c2'
    >>> tictac.analyze(board)["orbits"]
    765
    >>> len(tictac.positions(board, kind="all"))  # with exact values and distances
    4520
    >>> results, metadata = tictac.run("experiments/move-ordering.toml")  # doctest: +SKIP

Errors: what the CLI refuses with exit 2 (a bad board, an illegal position,
an unknown strategy or option, a bad config) raises ValueError with the
CLI's message; what it reports with exit 1 (a strategy that disagrees with
the exact solver, output that cannot be written) raises RuntimeError.

Long calls release the GIL, so threads can search in parallel, and Ctrl-C
interrupts them with KeyboardInterrupt: the search reads a cancel flag every
2^16 nodes while the calling thread waits and checks for signals; an
interrupted run leaves no file behind.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Optional, Sequence, Union

from . import _core

__all__ = [
    "Board",
    "Position",
    "Symmetry",
    "StrategyOption",
    "StrategyInfo",
    "Solution",
    "RunResult",
    "DisagreementError",
    "solve",
    "strategies",
    "analyze",
    "positions",
    "run",
    "match",
    "quality",
    "play_move",
]



@dataclass(frozen=True)
class Position:
    """A legal position of a board.

    Attributes:
        text: the position in the CLI's form, rows of X, O and . from top to
            bottom separated by / (for example ``"X.O/.X./..O"``).
        x, o: the cells of each side as a bit mask, bit i for cell i (cells
            are numbered row by row from 0).
        ply: stones on the board.
        to_move: ``"X"`` or ``"O"`` (X moves first), as the stone counts say,
            also in a finished position.
        result: ``"ongoing"``, ``"X wins"``, ``"O wins"`` or ``"draw"``.
    """

    text: str
    x: int
    o: int
    ply: int
    to_move: str
    result: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Symmetry:
    """A symmetry of a board: a permutation of its cells.

    Attributes:
        name: ``identity``, ``rot90``, ``rot180``, ``rot270``, ``mirror_lr``,
            ``mirror_ud``, ``diagonal`` or ``anti_diagonal`` (a rectangular
            board has the four that keep its shape).
        cells: ``cells[i]`` is the cell that the stone on cell i moves to.
    """

    name: str
    cells: tuple


PositionLike = Union[str, Position, None]


def _text(position: PositionLike) -> Optional[str]:
    if position is None:
        return None
    if isinstance(position, Position):
        return position.text
    if isinstance(position, str):
        return position
    raise TypeError(f"a position is a str such as 'X.O/.X./..O' or a tictac.Position, not {type(position).__name__}")


class Board:
    """An m,n,k-game board: ``rows`` x ``cols`` cells, ``k`` in a row wins.

    ``Board()`` is tic-tac-toe (3x3, k=3).  Boards have at most 64 cells and
    1 <= k <= max(rows, cols); anything else raises ValueError naming the rule.

    With ``gravity=True`` stones fall (Connect-Four and its sizes:
    ``Board(6, 7, 4, gravity=True)``): a move fills the lowest empty cell of
    its column, so the legal moves are at most one cell per column, a
    position with a stone above an empty cell is illegal, and the symmetries
    are the two that keep the bottom row at the bottom.  Moves are still
    cells; :meth:`parse` also reads Pascal Pons's move sequences ("4453").
    Every strategy searches only the legal drops on a gravity board.

    Cells are numbered row by row from 0 and named by column letter and row
    number from 1 at the top (``"a1"`` is cell 0, ``"b2"`` the centre of 3x3).
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, gravity: bool = False):
        self._board = _core.Board(int(rows), int(cols), int(k), bool(gravity))

    @property
    def rows(self) -> int:
        """Rows of the board."""
        return self._board.rows

    @property
    def cols(self) -> int:
        """Columns of the board."""
        return self._board.cols

    @property
    def k(self) -> int:
        """Stones in a row that win."""
        return self._board.k

    @property
    def cells(self) -> int:
        """rows * cols."""
        return self._board.cells

    @property
    def gravity(self) -> bool:
        """Whether stones fall to the lowest empty cell of their column."""
        return self._board.gravity

    @property
    def size_name(self) -> str:
        """``"RxC"``, as the CLI's ``--board`` takes it and the CSV's ``board`` column holds it."""
        return self._board.size_name()

    @property
    def name(self) -> str:
        """``"RxCkK"`` (for example ``"3x3k3"``), and ``"RxCkKg"`` with gravity
        (``"6x7k4g"``), as experiment configs name boards."""
        return self._board.name()

    def __repr__(self) -> str:
        return f"tictac.Board(rows={self.rows}, cols={self.cols}, k={self.k}" + (
            ", gravity=True)" if self.gravity else ")")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.rows, self.cols, self.k, self.gravity) == (
            other.rows, other.cols, other.k, other.gravity)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.k, self.gravity))

    def parse(self, text: str) -> Position:
        """The legal position written as ``text``.

        ``text`` is rows of X, O and . separated by / (or the R*C cells
        without separators; lower case x and o are accepted).  On a gravity
        board it may also be the moves that reach the position in Pascal
        Pons's notation, each move its column from 1 at the left ("4453";
        with commas on boards of 10 or more columns; "" is the empty board).
        Raises ValueError with the library's message for a malformed text or
        an illegal position, naming the rule it breaks (or the move that
        cannot be played).
        """
        t = _text(text)
        if self._is_moves(t):
            return Position(*_core.parse_moves(self._board, t))
        return Position(*_core.parse_position(self._board, t))

    def _is_moves(self, text: Optional[str]) -> bool:
        """Whether ``text`` is a move sequence (gravity boards only): digits and commas, never X, O or '.'."""
        return self.gravity and text is not None and all(ch.isdigit() or ch == "," for ch in text)

    def _stones(self, position: PositionLike) -> Optional[str]:
        """The text of ``position`` as stones (a move sequence is played out first); None stays None."""
        t = _text(position)
        return self.parse(t).text if self._is_moves(t) else t

    def empty(self) -> Position:
        """The empty board's position."""
        return self.parse("." * self.cells)

    def legal_moves(self, position: PositionLike = None) -> list:
        """The legal moves of ``position`` (text or Position; None: the empty
        board) as cell indices, in increasing order: the empty cells, or with
        gravity the lowest empty cell of each column that is not full; none
        when the game is over."""
        text = self._stones(position)
        return _core.legal_moves(self._board, text if text is not None else "." * self.cells)

    def play(self, position: PositionLike, cell: Union[int, str]) -> Position:
        """The position after the side to move plays ``cell`` (an index or a
        name such as ``"b2"``).  Raises ValueError for an occupied cell, a cell
        off the board, a finished game, or with gravity a cell that is not the
        lowest empty cell of its column."""
        p = self.parse(_text(position)) if position is not None else self.empty()
        c = self.cell(cell)
        if c not in self.legal_moves(p):
            why = ("the game is over" if p.result != "ongoing"
                   else "it is occupied" if (p.x | p.o) >> c & 1
                   else "with gravity a stone fills the lowest empty cell of its column")
            raise ValueError(f"cell {self.cell_name(c)} ({c}) is not a legal move in {p.text} ({why})")
        row_len = self.cols
        cells = [ch for ch in p.text if ch != "/"]
        cells[c] = p.to_move
        return self.parse("/".join("".join(cells[r * row_len:(r + 1) * row_len]) for r in range(self.rows)))

    def cell(self, cell: Union[int, str]) -> int:
        """The index of a cell given by index or by name (``"b2"``)."""
        return _core.parse_cell(self._board, str(cell))

    def cell_name(self, cell: int) -> str:
        """The CLI's name of a cell index: column letter and row number (``"b2"``)."""
        return _core.cell_name(self._board, int(cell))

    def symmetries(self) -> list:
        """The symmetry group of the board, identity first: 8 symmetries for
        a square board, 4 for a rectangle, 2 with gravity (identity and
        mirror_lr), each a :class:`Symmetry`."""
        return [Symmetry(name, tuple(cells)) for name, cells in _core.symmetries(self._board)]


@dataclass(frozen=True)
class StrategyOption:
    """An option of a strategy: its key, default, choices (empty: a whole number) and help."""

    key: str
    default: str
    choices: tuple
    help: str


@dataclass(frozen=True)
class StrategyInfo:
    """A strategy of the catalogue: its name, a summary and its options, in
    the order ``tictac strategies`` lists them.  A spec is ``name`` or
    ``name:key=value,...``."""

    name: str
    summary: str
    options: tuple


def strategies() -> list:
    """The catalogue of strategies, as ``tictac strategies`` lists it: a list
    of :class:`StrategyInfo`, each with its :class:`StrategyOption` s."""
    return [
        StrategyInfo(name, summary, tuple(StrategyOption(k, d, tuple(c), h) for k, d, c, h in options))
        for name, summary, options in _core.strategies()
    ]


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` returns: the fields of ``tictac solve --format json``
    plus the cells' names and the distance.

    Attributes:
        board, k: the board's size (``"3x3"``) and k.
        position: the position searched, in normal text form.
        strategy: the strategy spec in normal form (every option present).
        value: the game value from X's point of view: +1 X wins, 0 draw, -1 O wins;
            None when the search gave a bound only (``best:question=win`` or
            ``notlose``) or ran out of its budget.
        value_text: ``"X wins"``, ``"draw"`` or ``"O wins"``; for a bound
            ``"X at least draws"`` or ``"O at least draws"``.
        lower, upper: bounds on the value from X's point of view, ``lower <=
            value <= upper``: both the value when it is exact (the value is
            exact only when they are equal), the bound a one-sided question
            learned, -1 and +1 when nothing is known.
        best_move: the strategy's move as a cell index; None when the game is over.
        best_move_name: its name as the CLI prints it (``"b2"``); None when the game is over.
        best_moves: every optimal move (cell indices), where the CLI lists
            them (boards of up to 12 cells, or with ``all_optimal=True``);
            else None.  From the exact solution up to 16 cells, not counted.
        best_move_names: their names, or None.
        best_moves_source: where ``best_moves`` came from, in the CLI's words.
        principal_variation: a principal variation from ``position`` (cells), or None.
        score: the strategy's own score, side to move's view (a depth score
            for depth-scored strategies).
        distance: plies to the end under perfect play (the strategy's distance mode, or the exact solution), when
            asked for with ``distance=True``; else None.
        stats: every statistic of one counting search, by the names of the
            CLI and of results.csv (``nodes``, ``tt_hit_rate``, ...,
            ``nodes_by_ply``); each is also an attribute (``solution.nodes``).
        time_ns: wall time of the statistics-free search, in nanoseconds,
            warm, as ``tictac solve`` and ``tictac run`` time it: after an
            untimed cold run that builds the tables, the median of the timed
            runs, repeated until they add up to 50 ms or number five.
        timing: which search ``time_ns`` timed: ``"search_fast"``, the
            CLI's measure, when the cold run took under a quarter of a second;
            above, ``"search_fast_cancellable"``, the same search reading the
            cancel flag every 2^16 nodes so that Ctrl-C stops it too (up to
            about 18% slower on the cheapest searches, negamax and minimax).
    """

    board: str
    k: int
    position: str
    strategy: str
    value: Optional[int]
    value_text: str
    lower: int
    upper: int
    best_move: Optional[int]
    best_move_name: Optional[str]
    best_moves: Optional[list]
    best_move_names: Optional[list]
    best_moves_source: str
    principal_variation: Optional[list]
    score: int
    distance: Optional[int]
    stats: dict = field(repr=False)
    time_ns: int
    timing: str

    def __getattr__(self, name: str) -> Any:
        stats = self.__dict__.get("stats")
        if stats is not None and name in stats:
            return stats[name]
        raise AttributeError(f"'Solution' has no attribute or statistic '{name}'")

    @property
    def nodes(self) -> int:
        """Nodes of the counting search: entries into the search function,
        the root, finished positions and table-answered positions included."""
        return self.stats["nodes"]


_SOLVE_FIELDS = ("board", "k", "position", "strategy", "value", "value_text", "lower", "upper", "best_move", "best_moves",
                 "best_moves_source", "principal_variation", "score", "time_ns")


def solve(board: Board, position: PositionLike = None, strategy: Optional[str] = None, distance: bool = False,
          all_optimal: bool = False) -> Solution:
    """Search ``position`` with ``strategy`` and check the answer, as ``tictac solve`` does.

    Args:
        board: the :class:`Board`.
        position: text such as ``"X.O/.X./..O"`` (on a gravity board also
            a move sequence, ``"4453"``) or a :class:`Position`; None: the
            empty board.
        strategy: a spec, ``name`` or ``name:key=value,...`` (see
            :func:`strategies`); None: the fastest exact strategy for the
            board, as ``tictac solve`` chooses it (``best`` on small boards).
        distance: also give the exact distance to the end, as ``tictac
            solve --distance``: the strategy's distance mode (None: the
            board's own, ``best:distance=on`` (with ``pairing=on``
            where that pays) or ``connect:mode=distance``), on every board; a strategy without
            one (only best and connect have one) takes the exact solution's
            distance, on boards of at most 16 cells (seconds on 4x4), and is
            refused above.
        all_optimal: list every optimal move and a principal variation on
            boards of more than 12 cells too (``--all-optimal``).

    Returns:
        a :class:`Solution`.

    Raises:
        ValueError: an illegal position (the message names the rule), an
            unknown strategy (it lists the choices) or a bad option.
        RuntimeError: the strategy disagrees with the exact solution.
        KeyboardInterrupt: Ctrl-C; the search stops within 2^16 nodes (a
            timed search after a counting search of under a second runs to
            its end first).
    """
    b = _board(board)
    text, d, timing = _core.solve(b._board, b._stones(position), strategy or "", bool(all_optimal), bool(distance))
    j = json.loads(text)
    stats = {k: v for k, v in j.items() if k not in _SOLVE_FIELDS}
    best = j["best_move"] if j["best_move"] >= 0 else None
    names = None if j["best_moves"] is None else [b.cell_name(c) for c in j["best_moves"]]
    return Solution(
        board=j["board"], k=j["k"], position=j["position"], strategy=j["strategy"], value=j["value"],
        value_text=j["value_text"], lower=j["lower"], upper=j["upper"], best_move=best, best_move_name=None if best is None else b.cell_name(best),
        best_moves=j["best_moves"], best_move_names=names, best_moves_source=j["best_moves_source"],
        principal_variation=j["principal_variation"], score=j["score"], distance=d, stats=stats,
        time_ns=j["time_ns"], timing=timing)


def analyze(board: Board) -> dict:
    """The state space of ``board`` counted exactly, with the keys of
    ``tictac analyze --format json``: reachable_states, states_by_ply,
    nonterminal_states, terminal_states, burnside_fixed_points, orbits,
    game_tree_nodes, games, games_by_length, games_up_to_symmetry, value, ...
    Boards of at most 16 cells (4x4 takes seconds); a larger one raises ValueError.
    """
    return json.loads(_core.analyze(_board(board)._board))


def positions(board: Board, kind: str = "all", plies: Optional[Sequence[int]] = None, per_group: Optional[int] = None,
              seed: Optional[int] = None, positions: Optional[Sequence[PositionLike]] = None,
              file: Optional[Union[str, os.PathLike]] = None, *, per_ply: Optional[int] = None,
              per_stratum: Optional[int] = None, max_positions: Optional[int] = None, max_games: Optional[int] = None,
              budget: Optional[float] = None, balance: Optional[str] = None, max_seconds: Optional[float] = None,
              builders: Optional[bool] = None, value_fallback: Optional[bool] = None, first: Optional[int] = None):
    """A position set of ``board`` with exact values, as a pandas DataFrame.

    The kinds and keys are those of an experiment config's ``[[position_set]]``
    and of ``tictac sets`` (docs/experiments.md), from the one table of
    kinds: ``empty``; ``all`` (every reachable position that is not
    finished; boards of at most 16 cells); ``canonical`` (one per symmetry
    class); ``plies`` (the not-finished positions at ``plies``); ``random``
    (``per_ply`` positions per ply by seeded random play); ``stratified``
    (up to ``per_group`` positions from each (ply, distance) group, at
    ``plies``, chosen by ``seed``; or, with ``per_stratum``, Pascal Pons's
    six strata, sampled by random play); ``list`` (``positions``, each
    checked); ``file`` (a position-set CSV, ``file``).  A key left None is
    not given.

    Up to 16 cells the values come from the exact solution; beyond, from the
    strong solver within ``budget`` seconds per search (10 by default):
    ``frame.attrs["notes"]`` says how the set was made and
    ``frame.attrs["unknown"]`` lists the positions left out.

    Columns, as in a position-set file: board, k, gravity, position, ply, value (exact,
    X's point of view), value_to_move (the side to move's), distance (plies to the end under perfect play),
    and for a stratified set or a file with strata, stratum (a group "ply P distance D", or a Pons stratum).
    Raises ValueError for an unknown kind, a key that does not apply to it,
    or an illegal or unreachable position.
    """
    import pandas as pd

    b = _board(board)
    given = {"plies": None if plies is None else [int(p) for p in plies], "per_group": per_group, "seed": seed,
             "positions": None if positions is None else [b._stones(p) for p in positions],
             "file": None if file is None else os.fspath(file), "per_ply": per_ply, "per_stratum": per_stratum,
             "max_positions": max_positions, "max_games": max_games, "budget": budget, "balance": balance,
             "max_seconds": max_seconds, "builders": builders, "value_fallback": value_fallback, "first": first}
    cols = _core.positions(b._board, kind, {k: v for k, v in given.items() if v is not None})
    n = len(cols["position"])
    frame = {"board": [b.size_name] * n, "k": [b.k] * n, "gravity": [b.gravity] * n, "position": cols["position"],
             "ply": cols["ply"], "value": cols["value"], "value_to_move": cols["value_to_move"],
             "distance": cols["distance"]}
    if "stratum" in cols:
        frame["stratum"] = cols["stratum"]
    result = pd.DataFrame(frame)
    result.attrs["notes"] = list(cols["notes"])
    result.attrs["unknown"] = list(cols["unknown"])
    return result


class RunResult(NamedTuple):
    """What :func:`run` returns: ``results, metadata = tictac.run(...)``."""

    results: Any  # pandas.DataFrame: results.csv
    metadata: dict  # metadata.json


class DisagreementError(RuntimeError):
    """A run whose rows disagree with the reference (the CLI's exit 1).  The
    message is the CLI's; ``results`` and ``metadata`` hold the run."""

    def __init__(self, message: str, results: Any, metadata: dict):
        super().__init__(message)
        self.results = results
        self.metadata = metadata


def run(config: Union[str, os.PathLike], out: Optional[Union[str, os.PathLike]] = None,
        jobs: Optional[int] = None, force: bool = False) -> RunResult:
    """Run an experiment, as ``tictac run CONFIG --out OUT`` does.

    Args:
        config: the path of a TOML experiment config (docs/experiments.md),
            or the TOML text itself (a str with a newline in it; relative
            paths in it start from the current folder).
        out: the folder for results.csv and metadata.json (and any
            position-set files), kept after the call.  None: a temporary
            folder, removed once read; the config's own output folder is not
            touched.
        jobs: threads for the counting searches (None: every hardware thread).
        force: replace another run's results in ``out`` (as ``--force``);
            without it such a folder is refused (ValueError) and left as it is.

    Returns:
        a :class:`RunResult` (results, metadata): results.csv as read by
        ``pandas.read_csv`` and metadata.json as a dict.

    Raises:
        ValueError: a bad config (the message names the file, line and
            key), or an output folder that cannot be made or written in
            (the message ends "; nothing was written", as the CLI's does).
        DisagreementError (a RuntimeError): a row disagrees with the exact
            solver; with ``out`` the files are written, as the CLI writes them.
        RuntimeError: another failure of the run, such as a write that
            fails (a full disk); "; nothing was written".
        KeyboardInterrupt: Ctrl-C (read between positions); nothing is written.
    """
    is_text = isinstance(config, str) and "\n" in config
    source = config if is_text else os.fspath(config)
    command = f"tictac.run({'<text>' if is_text else repr(source)}" + (
        f", out={os.fspath(out)!r}" if out is not None else "") + (f", jobs={jobs}" if jobs else "") + (", force=True" if force else "") + ")"
    scratch = None
    if out is None:
        scratch = tempfile.mkdtemp(prefix="tictac-run-")
        folder = Path(scratch) / "run"
    else:
        folder = Path(out)
    try:
        _rows, _cells, message = _core.run(source, is_text, os.fspath(folder), int(jobs or 0), command, bool(force))
        # pandas is imported once the run is over: a Ctrl-C that lands inside
        # its import (a second or more under the sanitizers) can be swallowed
        # there ("Exception ignored in ..."), and the run would go on.
        import pandas as pd

        results = pd.read_csv(folder / "results.csv")
        with open(folder / "metadata.json", encoding="utf-8") as f:
            metadata = json.load(f)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    if message is not None:
        raise DisagreementError(message, results, metadata)
    return RunResult(results, metadata)


def match(board: Board, players: Sequence[str], openings: str = "empty", *, repeat: int = 1, seed: int = 1,
          gauntlet: bool = False, plies: Optional[Sequence[int]] = None, per_ply: Optional[int] = None,
          per_group: Optional[int] = None, per_stratum: Optional[int] = None, openings_seed: Optional[int] = None,
          max_positions: Optional[int] = None, max_games: Optional[int] = None,
          positions: Optional[Sequence[PositionLike]] = None, file: Optional[Union[str, os.PathLike]] = None,
          first: Optional[int] = None, budget: Optional[float] = None):
    """A match between players on ``board``, as ``tictac match`` plays it: a
    pandas DataFrame of the games (the columns of games.csv, one row per
    game), with ``frame.attrs["moves"]`` (moves.csv: every move, graded by
    the exact solution on boards of at most 16 cells), ``frame.attrs["summary"]``
    (summary.csv: one row per pairing, the first player's wins, draws and
    losses, its score with 95% intervals over colour pairs and over games, the
    logistic Elo difference with its interval, one-sided at a score of 0 or 1)
    and ``frame.attrs["metadata"]`` (metadata.json as a dict; its "columns"
    describes every column).

    ``players`` are player specs (``tictac strategies`` lists them under
    Players), at least two; every two of them play (a round robin), or with
    ``gauntlet`` the first against each of the others.  Each pairing plays,
    from each opening and ``repeat`` times, a colour pair: two games, the
    pairing's first player X in the first and O in the second.  The openings
    are a position set of ``openings``' kind with its keys, as
    :func:`positions` takes them (``openings_seed`` is the set's ``seed``);
    ``"empty"``, the default, is the empty board alone.  Players with a seed
    option play each game with a seed derived from ``seed`` and the game's
    number (the x_seed and o_seed columns): the same call gives the same games.

    Raises ValueError for fewer than two players, an unknown player or
    option, a player that cannot play on the board, a bad opening set, or a
    finished opening.
    """
    b = _board(board)
    given = {"plies": None if plies is None else [int(p) for p in plies], "per_ply": per_ply, "per_group": per_group,
             "per_stratum": per_stratum, "seed": openings_seed, "max_positions": max_positions,
             "max_games": max_games, "positions": None if positions is None else [b._stones(p) for p in positions],
             "file": None if file is None else os.fspath(file), "first": first, "budget": budget}
    keys = {k: v for k, v in given.items() if v is not None}
    command = (f"tictac.match({b!r}, {list(players)!r}, {openings!r}, repeat={repeat}, seed={seed}"
               + (", gauntlet=True" if gauntlet else "") + "".join(f", {k}={v!r}" for k, v in keys.items()) + ")")
    games, moves, summary, metadata = _core.match(b._board, [str(p) for p in players], openings, keys, int(repeat),
                                                  int(seed), bool(gauntlet), command)
    import io

    import pandas as pd

    def read(text: str):
        # Seeds are 64-bit: read as text, then as Python ints (a float would round them).
        frame = pd.read_csv(io.StringIO(text), dtype={"x_seed": str, "o_seed": str})
        for column in ("x_seed", "o_seed"):
            if column in frame:
                frame[column] = [int(v) if isinstance(v, str) else None for v in frame[column]]
        return frame

    result = read(games)
    result.attrs["moves"] = read(moves)
    result.attrs["summary"] = read(summary)
    result.attrs["metadata"] = json.loads(metadata)
    return result


def quality(board: Board, players: Union[str, Sequence[str]], kind: str = "all", *, repeat: int = 1,
            seed: Optional[int] = None, rows: str = "totals", resamples: int = 2000,
            plies: Optional[Sequence[int]] = None, per_group: Optional[int] = None, per_ply: Optional[int] = None,
            per_stratum: Optional[int] = None, set_seed: Optional[int] = None, max_positions: Optional[int] = None,
            positions: Optional[Sequence[PositionLike]] = None, file: Optional[Union[str, os.PathLike]] = None,
            first: Optional[int] = None):
    """Move quality, as ``tictac quality`` measures it: the move each player
    chooses in every position of a set, graded against the exact solution.

    Each move is graded by one look-up of the exact solution, no search:
    ``optimal`` (it keeps the position's value), ``value_loss`` (0; 1 a win
    thrown to a draw or a draw to a loss; 2 a win to a loss),
    ``distance_loss`` (a kept win: the plies added to the fastest win; a kept
    loss: the plies taken off the slowest; empty for a kept draw or a lost
    value) and ``best_distance`` (the value and the best distance kept).

    Args:
        board: the :class:`Board`; at most 16 cells (the exact solution;
            grading beyond, certified by two families, is a later step).
        players: a player spec or a list of them (``ab``, ``mcts``,
            ``random``, ``perfect`` with their options, as ``tictac
            strategies`` lists the players).
        kind: the position set's kind, as :func:`positions` takes it (``all``:
            every unfinished position); its keys are the keyword arguments
            below, ``set_seed`` being the set's seed.
        repeat: repetitions of each seeded player (random, perfect, mcts),
            repetition r with seed ``seed + r``; a player without a seed
            (``ab``) is graded once.
        seed: the first repetition's seed (None: 1) and the bootstrap's.  A
            spec with its own seed plays once with it, and is refused
            (ValueError) when ``seed`` or ``repeat`` is given too.
        rows: ``"totals"``: totals.csv, one row per player over the set, by
            ply and by stratum, with 95% intervals; ``"moves"``: moves.csv,
            one row per graded move.
        resamples: of the bootstrap over positions.

    Returns:
        a pandas DataFrame with the columns of the CLI's CSV file (docs/cli.md,
        "tictac quality"); ``frame.attrs["metadata"]`` is its metadata.json.
        The rates' intervals count positions, not repetitions: Wilson's when
        each position is graded once (``rate_interval`` ``"wilson"``), else a
        seeded bootstrap over positions (``"bootstrap"``); the mean value
        loss always takes the bootstrap.

    Raises:
        ValueError: a board of more than 16 cells, an unknown player or
            option, a set's key that does not apply to its kind.
        KeyboardInterrupt: Ctrl-C, read between moves.
    """
    import io

    b = _board(board)
    specs = [players] if isinstance(players, str) else list(players)
    if rows not in ("totals", "moves"):
        raise ValueError(f"rows must be 'totals' or 'moves', not {rows!r}")
    given = {"plies": None if plies is None else [int(p) for p in plies], "per_group": per_group, "per_ply": per_ply,
             "per_stratum": per_stratum, "seed": set_seed, "max_positions": max_positions,
             "positions": None if positions is None else [b._stones(p) for p in positions],
             "file": None if file is None else os.fspath(file), "first": first}
    seeds_chosen = seed is not None or repeat != 1
    command = f"tictac.quality({b!r}, {specs!r}, kind={kind!r}, repeat={int(repeat)}" + (
        f", seed={int(seed)}" if seed is not None else "") + ")"
    moves, totals, metadata = _core.quality(b._board, kind, {k: v for k, v in given.items() if v is not None}, specs,
                                            int(repeat), int(1 if seed is None else seed), seeds_chosen, int(resamples),
                                            command)
    import pandas as pd

    text = moves if rows == "moves" else totals
    types = {"player": str, "stratum": str, "group": str, "breakdown": str, "rate_interval": str,
             "seed": "Int64", "distance_loss": "Int64"}
    frame = pd.read_csv(io.StringIO(text), dtype=types, keep_default_na=False, na_values={"seed": [""], "distance_loss": [""]})
    frame.attrs["metadata"] = json.loads(metadata)
    return frame


def play_move(board: Board, position: PositionLike, strategy: str) -> Optional[int]:
    """The move ``strategy`` chooses in ``position``, as a cell index (None
    when the game is over).

    ``strategy`` is a player spec (``mcts:playouts=1000,seed=3``, ``ab:depth=4,eval=threats``,
    ``random``, ``perfect``: the same seed and options give the same move) or
    a strategy spec (``best``, ``alphabeta``: its best move, an exact one).
    ``board.cell_name(move)`` names the cell.  Raises ValueError for an
    illegal position or an unknown spec.
    """
    b = _board(board)
    text = b._stones(position)
    move = _core.play_move(b._board, text if text is not None else "." * b.cells, str(strategy))
    return None if move < 0 else move


def _board(board: Any) -> Board:
    if not isinstance(board, Board):
        raise TypeError(f"expected a tictac.Board, not {type(board).__name__}")
    return board
