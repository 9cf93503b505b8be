// libdeflate (Debian's libdeflate-dev): whole-buffer gzip and zlib streams.
#include <libdeflate.h>
