#ifndef LOADRUN_CLIBXML2_SHIM_H
#define LOADRUN_CLIBXML2_SHIM_H

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

/* Why: xmlFree is a global function pointer, which Swift 6 sees as shared mutable state. */
static inline void lr_xml_free(void *pointer) { xmlFree(pointer); }

#endif
