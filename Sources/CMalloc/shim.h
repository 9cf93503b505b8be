// glibc's <malloc.h>, which Swift's Glibc module leaves out: malloc_trim, for FreeMemory.
#include <malloc.h>
