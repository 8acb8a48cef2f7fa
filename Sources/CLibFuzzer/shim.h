#ifndef CLIBFUZZER_SHIM_H
#define CLIBFUZZER_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, FuzzerInterface.h), linked by `-sanitize=fuzzer`. GalleryFuzz
/// calls it from its own `main` because SwiftPM links executables with `main` renamed to
/// `GalleryFuzz_main`, so libFuzzer's own `main` cannot be used. Nothing links this module
/// otherwise: it is only a declaration.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
#endif
