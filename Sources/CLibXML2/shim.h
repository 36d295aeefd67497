#ifndef LOADRUN_CLIBXML2_SHIM_H
#define LOADRUN_CLIBXML2_SHIM_H

/* Why: Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers,
 * whose definitions clash with the ICU copy inside swift-foundation in any module that sees
 * both. loadrun uses none of libxml2's ICU parts (xmlCharEncodingHandler's fields are never
 * touched here), so the switch is turned off before the other headers read it. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

/* Why: xmlFree is a global function pointer, which Swift 6 sees as shared mutable state. */
static inline void lr_xml_free(void *pointer) { xmlFree(pointer); }

#endif
