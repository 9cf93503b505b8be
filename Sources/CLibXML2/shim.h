// libxml2 built with ICU includes <unicode/ucnv.h> from encoding.h. Those system ICU headers
// clash with the copy of ICU inside swift-corelibs-foundation (_FoundationICU) in any module that
// sees both. Gazette never touches libxml2's ICU converters (it hands libxml2 UTF-8 only), so
// the ICU part of the headers is switched off: only the pointer-sized converter fields of
// xmlCharEncodingHandler depend on it, and Gazette never reads that struct.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlIO.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// xmlFree is a global function pointer (or a macro over one); Swift 6 refuses to read a C global
// variable, so strings libxml2 hands out are released through this function instead.
static inline void gazette_xmlFree(void *pointer) { xmlFree(pointer); }
