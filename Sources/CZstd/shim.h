// Debian's libzstd (libzstd-dev), linked statically into what uses
// QuizStore (Package.swift, CONTRIBUTING.md "Dependencies"): a current Anki
// package's collection (collection.anki21b) is zstd-compressed.
#include <zstd.h>
