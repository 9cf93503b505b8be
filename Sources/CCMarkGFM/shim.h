#include <stdint.h>
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

// Exported by libcmark-gfm but declared only in a header it does not install (utf8.h): the
// parser's own tests of a character, which decide whether a run of `*`, `_` or `~` can open or
// close emphasis. `CJKEmphasis` asks them so that it agrees with the parser.
int cmark_utf8proc_is_punctuation(int32_t uc);
int cmark_utf8proc_is_space(int32_t uc);
