#define _GNU_SOURCE
#include "CCMarkGFMShared.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdbool.h>

typedef struct cmark_parser cmark_parser;
typedef void (*manage_special_characters)(cmark_parser *, int);

static atomic_bool added;

bool gazette_cmark_table_is_constant(void) { return atomic_load(&added); }

// Replaces cmark-gfm's definition (blocks.c) for the whole process. The first call adds the
// parser's extensions' characters, through the library's definition; later calls, and every
// removal, leave the table as it is. The first parse is made under a lock
// (`Markdown.CMarkThreads`), so no other parse reads the table while it is written.
__attribute__((visibility("default"))) void cmark_manage_extensions_special_characters(cmark_parser *parser, int add) {
    if (!add || atomic_load(&added)) return;
    manage_special_characters library = (manage_special_characters)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
    if (!library) return;
    library(parser, 1);
    atomic_store(&added, true);
}
