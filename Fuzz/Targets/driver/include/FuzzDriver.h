// libFuzzer's entry for programs with a main of their own (compiler-rt FuzzerInterface.h).
// SwiftPM names the entry point of every executable target itself (it links with
// --defsym main=<module>_main), so libFuzzer's own main cannot be used: each target's @main
// hands its LLVMFuzzerTestOneInput to this driver instead.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(
    int *_Nonnull argc, char *_Nullable *_Nullable *_Nonnull argv,
    int (*_Nonnull callback)(const uint8_t *_Nonnull data, size_t size));
