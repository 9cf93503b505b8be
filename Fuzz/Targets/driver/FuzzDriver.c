// Declarations only (include/FuzzDriver.h); libFuzzer's runtime, linked by -sanitize=fuzzer,
// defines LLVMFuzzerRunDriver.
#include "FuzzDriver.h"
