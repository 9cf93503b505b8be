// cmark-gfm's one piece of process-wide state made constant, so documents parse on every core.
//
// cmark-gfm 0.29 keeps the inline parser's special characters in a static table. Each parse
// (`process_inlines`) adds the characters of its parser's extensions to it, parses, and removes
// them again: one thread's removal makes another's parse miss autolinks and strikethroughs, so
// every parse had to hold one lock. The library calls the function that does this through its
// PLT, so a definition in the executable, exported, takes its place: this one adds (through the
// library's own definition, found with dlsym) and never removes. Gazette attaches the same
// extensions to every parser, so after the first parse the table never changes again.
#ifndef GAZETTE_CCMARKGFMSHARED_H
#define GAZETTE_CCMARKGFMSHARED_H

#include <stdbool.h>

/// Whether cmark-gfm called this file's definition instead of its own and the table is filled:
/// true after a first parse when the interposition took (the executable exports the symbol).
bool gazette_cmark_table_is_constant(void);

#endif
