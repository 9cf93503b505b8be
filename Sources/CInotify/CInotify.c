// Everything is in include/CInotify.h; SwiftPM wants one source file per C target.
#include "CInotify.h"
