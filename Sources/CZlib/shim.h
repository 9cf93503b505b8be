// zlib (Debian's zlib1g-dev): gzip for the search index's shards.
#include <zlib.h>
