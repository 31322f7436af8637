#pragma once
// The one place the version is written; metadata and --version read it.
#define TICTAC_VERSION "0.1.0"
