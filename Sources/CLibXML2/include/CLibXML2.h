#ifndef LOADRUN_CLIBXML2_H
#define LOADRUN_CLIBXML2_H

/* libxml2's HTML and XML parsers, behind a wrapper that opens the library when the first page or
 * feed needs it.
 *
 * Why: libxml2 brings ICU, whose loading and relocation cost every run about 5 ms (a C
 * program linked with loadrun's libraries starts in 9.8 ms with libxml2, 5.0 without), while
 * only HTML and feeds need it. So loadrun does not link libxml2: lr_xml_open() dlopens it. This header
 * shows none of libxml2's own, so no module that imports this one needs their directory. */

/* A parsed document and one of its nodes: libxml2's xmlDoc and xmlNode, opaque here. */
typedef struct _xmlDoc lr_xml_document;
typedef struct _xmlNode lr_xml_node;

enum lr_xml_node_kind { LR_XML_ELEMENT, LR_XML_TEXT, LR_XML_ENTITY_REFERENCE, LR_XML_OTHER };

/* Opens libxml2 once; NULL when it is ready, else the dynamic loader's reason. Call it first:
 * the functions below do nothing, or return NULL, until it has returned NULL. */
const char *lr_xml_open(void);

/* Parses `size` bytes of HTML as libxml2's forgiving parser does, without the network and
 * without messages; `encoding` may be NULL. NULL when there is nothing to parse. */
lr_xml_document *lr_html_read(const char *buffer, int size, const char *url, const char *encoding);
/* Parses `size` bytes of XML in libxml2's recover mode, without the network, without messages,
 * never reading a DTD or expanding an entity (a reference stays a node of its own, named as
 * lr_xml_name says); `*well_formed` says whether it needed recovering. NULL when nothing came. */
lr_xml_document *lr_xml_read(const char *buffer, int size, const char *url, const char *encoding, int *well_formed);
/* Called as each element of depth 1 to max_depth (the root's children are 1) ends, with its
 * subtree whole and its ancestors in place; a non-zero return says it was read, and it is
 * unlinked and freed then, with the text (and CDATA) just before it in its parent. A feed's
 * entries are read so, one at a time, and the whole tree never is. */
typedef int (*lr_xml_element_handler)(void *info, lr_xml_node *element, int depth);
/* lr_xml_read, handing elements to `handler` as they end. */
lr_xml_document *lr_xml_read_handing(const char *buffer, int size, const char *url, const char *encoding, int *well_formed,
                                     int max_depth, lr_xml_element_handler handler, void *info);
/* Whether the document's own DTD declares entities: what a billion-laughs document does. */
int lr_xml_declares_entities(const lr_xml_document *document);
void lr_xml_free_document(lr_xml_document *document);
lr_xml_node *lr_xml_root(const lr_xml_document *document);

lr_xml_node *lr_xml_first_child(const lr_xml_node *node);
lr_xml_node *lr_xml_next_sibling(const lr_xml_node *node);
/* Its parent element, or NULL for the root. */
lr_xml_node *lr_xml_parent(const lr_xml_node *node);
lr_xml_document *lr_xml_node_document(const lr_xml_node *node);
/* Text and CDATA are both LR_XML_TEXT; an entity reference left as it was is
 * LR_XML_ENTITY_REFERENCE, named by lr_xml_name. */
enum lr_xml_node_kind lr_xml_kind(const lr_xml_node *node);
/* An element's tag name as written, or NULL. */
const char *lr_xml_name(const lr_xml_node *node);
/* An element's namespace URI, or NULL; owned by the document. */
const char *lr_xml_namespace(const lr_xml_node *node);
/* `reference` resolved against the node's base (xml:base, up to the document's URL); free with
 * lr_xml_free. NULL when it cannot be resolved. */
char *lr_xml_resolve(const lr_xml_document *document, const lr_xml_node *node, const char *reference);
/* A text node's own text, or NULL; owned by the document. */
const char *lr_xml_text(const lr_xml_node *node);

/* All the text under `node`, or an attribute's value (NULL when absent): free with lr_xml_free. */
char *lr_xml_content(const lr_xml_node *node);
char *lr_xml_property(const lr_xml_node *node, const char *name);
void lr_xml_free(void *text);

#endif
