/* The CLibXML2 wrapper: libxml2 opened with dlopen on first use (see include/CLibXML2.h). */
#include "CLibXML2.h"

#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/uri.h>

static struct {
    htmlDocPtr (*read_memory)(const char *, int, const char *, const char *, int);
    void (*free_doc)(xmlDocPtr);
    xmlNodePtr (*doc_get_root_element)(const xmlDoc *);
    xmlChar *(*get_prop)(const xmlNode *, const xmlChar *);
    xmlChar *(*node_get_content)(const xmlNode *);
    xmlParserCtxtPtr (*new_parser_context)(void);
    xmlDocPtr (*context_read_io)(xmlParserCtxtPtr, xmlInputReadCallback, xmlInputCloseCallback, void *, const char *, const char *, int);
    void (*free_parser_context)(xmlParserCtxtPtr);
    xmlChar *(*node_get_base)(const xmlDoc *, const xmlNode *);
    xmlChar *(*build_uri)(const xmlChar *, const xmlChar *);
    void (*unlink_node)(xmlNodePtr);
    void (*free_node)(xmlNodePtr);
    /* The value of libxml2's xmlFree variable: its deallocator, which loadrun never changes. */
    xmlFreeFunc free;
    /* Why it could not be opened, or NULL once it is ready. */
    const char *error;
} xml = { .error = "libxml2 was not opened" };

static pthread_once_t opened = PTHREAD_ONCE_INIT;

/* dlerror's text lives in a buffer the next dl call may reuse or free, so it is copied here. */
static char open_error[512];

static void open_library(void) {
    /* It stays open for the life of the process, as a linked library would. */
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(open_error, sizeof open_error, "%s", reason ? reason : "dlopen(\"libxml2.so.2\") failed");
        xml.error = open_error;
        return;
    }
    xml.read_memory = (htmlDocPtr (*)(const char *, int, const char *, const char *, int))dlsym(library, "htmlReadMemory");
    xml.free_doc = (void (*)(xmlDocPtr))dlsym(library, "xmlFreeDoc");
    xml.doc_get_root_element = (xmlNodePtr (*)(const xmlDoc *))dlsym(library, "xmlDocGetRootElement");
    xml.get_prop = (xmlChar *(*)(const xmlNode *, const xmlChar *))dlsym(library, "xmlGetProp");
    xml.node_get_content = (xmlChar *(*)(const xmlNode *))dlsym(library, "xmlNodeGetContent");
    xml.new_parser_context = (xmlParserCtxtPtr (*)(void))dlsym(library, "xmlNewParserCtxt");
    xml.context_read_io = (xmlDocPtr (*)(xmlParserCtxtPtr, xmlInputReadCallback, xmlInputCloseCallback, void *, const char *,
                                         const char *, int))dlsym(library, "xmlCtxtReadIO");
    xml.free_parser_context = (void (*)(xmlParserCtxtPtr))dlsym(library, "xmlFreeParserCtxt");
    xml.node_get_base = (xmlChar *(*)(const xmlDoc *, const xmlNode *))dlsym(library, "xmlNodeGetBase");
    xml.build_uri = (xmlChar *(*)(const xmlChar *, const xmlChar *))dlsym(library, "xmlBuildURI");
    xml.unlink_node = (void (*)(xmlNodePtr))dlsym(library, "xmlUnlinkNode");
    xml.free_node = (void (*)(xmlNodePtr))dlsym(library, "xmlFreeNode");
    xmlFreeFunc *free_variable = (xmlFreeFunc *)dlsym(library, "xmlFree");
    xml.free = free_variable ? *free_variable : NULL;
    if (!xml.read_memory || !xml.free_doc || !xml.doc_get_root_element || !xml.get_prop || !xml.node_get_content || !xml.free
        || !xml.new_parser_context || !xml.free_parser_context || !xml.node_get_base || !xml.build_uri
        || !xml.unlink_node || !xml.free_node || !xml.context_read_io) {
        xml.error = "libxml2.so.2 lacks a function loadrun calls";
        return;
    }
    xml.error = NULL;
}

const char *lr_xml_open(void) {
    pthread_once(&opened, open_library);
    return xml.error;
}

lr_xml_document *lr_html_read(const char *buffer, int size, const char *url, const char *encoding) {
    if (xml.error) return NULL;
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | HTML_PARSE_COMPACT;
    return xml.read_memory(buffer, size, url, encoding, options);
}

/* What lr_xml_read hands elements to, kept in the parser context's _private field. */
struct handing {
    lr_xml_element_handler handler;
    void *info;
    int max_depth;
    /* libxml2's own end-of-element callback, the one that builds the tree. */
    endElementNsSAX2Func end_element;
};

static void end_element_handing(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    xmlParserCtxtPtr context = user;
    struct handing *handing = context->_private;
    /* The element closing is the top of the node stack, the root at depth 0. */
    xmlNodePtr node = context->node;
    int depth = context->nodeNr - 1;
    handing->end_element(user, localname, prefix, uri);
    if (node == NULL || node->type != XML_ELEMENT_NODE || depth < 1 || depth > handing->max_depth) return;
    if (!handing->handler(handing->info, node, depth)) return;
    /* The element goes whole: left in the tree, even emptied, it and the text between it and
       the next one cost about 240 bytes an entry, 24 MB over 100,000 entries. */
    xmlNodePtr parent = node->parent;
    xml.unlink_node(node);
    xml.free_node(node);
    /* The text before it goes too (what stands between entries is read by no one): else the
       text after it would be appended to that, which would grow by each entry, and libxml2
       measures the text it appends to whole at each append. With text or CDATA last no more,
       libxml2 starts the next text in a node of its own, noting its length (nodelen) afresh. */
    while (parent != NULL && parent->last != NULL
           && (parent->last->type == XML_TEXT_NODE || parent->last->type == XML_CDATA_SECTION_NODE)) {
        xmlNodePtr text = parent->last;
        xml.unlink_node(text);
        xml.free_node(text);
    }
    /* And should it append after all, nodemem 0 makes it measure that node first. */
    context->nodemem = 0;
}

/* A buffer read by libxml2 in pieces, through read_memory_input. */
struct memory_input {
    const char *bytes;
    int size;
    int offset;
};

static int read_memory_input(void *context, char *buffer, int length) {
    struct memory_input *input = context;
    int count = input->size - input->offset < length ? input->size - input->offset : length;
    memcpy(buffer, input->bytes + input->offset, (size_t)count);
    input->offset += count;
    return count;
}

/* The buffer is the caller's: nothing to close. */
static int close_memory_input(void *context) {
    (void)context;
    return 0;
}

lr_xml_document *lr_xml_read(const char *buffer, int size, const char *url, const char *encoding, int *well_formed) {
    return lr_xml_read_handing(buffer, size, url, encoding, well_formed, 0, NULL, NULL);
}

lr_xml_document *lr_xml_read_handing(const char *buffer, int size, const char *url, const char *encoding, int *well_formed,
                                     int max_depth, lr_xml_element_handler handler, void *info) {
    *well_formed = 0;
    if (xml.error) return NULL;
    xmlParserCtxtPtr context = xml.new_parser_context();
    if (context == NULL) return NULL;
    struct handing handing = { .handler = handler, .info = info, .max_depth = max_depth, .end_element = context->sax->endElementNs };
    if (handler != NULL && handing.end_element != NULL) {
        context->_private = &handing;
        context->sax->endElementNs = end_element_handing;
    }
    /* No XML_PARSE_NOENT, XML_PARSE_DTDLOAD or XML_PARSE_HUGE: entities stay references, no
       DTD or external entity is ever read, and libxml2's own size limits hold. */
    int options = XML_PARSE_RECOVER | XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_COMPACT;
    /* Read through callbacks rather than from memory: libxml2 2.9 copies a memory buffer whole
       into one of its own (16 MiB for a 10 MB feed), while input it reads keeps only what it
       has not parsed yet. */
    struct memory_input input = { .bytes = buffer, .size = size, .offset = 0 };
    xmlDocPtr document = xml.context_read_io(context, read_memory_input, close_memory_input, &input, url, encoding, options);
    *well_formed = context->wellFormed;
    xml.free_parser_context(context);
    return document;
}

int lr_xml_declares_entities(const lr_xml_document *document) {
    return document->intSubset != NULL && (document->intSubset->entities != NULL || document->intSubset->pentities != NULL);
}

const char *lr_xml_namespace(const lr_xml_node *node) {
    return node->ns != NULL ? (const char *)node->ns->href : NULL;
}

/* Whether `reference` starts with a scheme (RFC 3986: a letter, then letters, digits, `+`, `-`
   or `.`, then `:`): an absolute reference, which no relative one can look like. */
static int has_scheme(const char *reference) {
    if (!isalpha((unsigned char)*reference)) return 0;
    reference++;
    while (isalnum((unsigned char)*reference) || *reference == '+' || *reference == '-' || *reference == '.') reference++;
    return *reference == ':';
}

char *lr_xml_resolve(const lr_xml_document *document, const lr_xml_node *node, const char *reference) {
    if (xml.error) return NULL;
    /* xmlBuildURI gives an absolute reference back as it is, whatever the base: the base,
       which takes a walk up the tree and a parse of each xml:base, is not needed then. */
    if (has_scheme(reference)) return (char *)xml.build_uri((const xmlChar *)reference, NULL);
    xmlChar *base = xml.node_get_base(document, node);
    xmlChar *resolved = xml.build_uri((const xmlChar *)reference, base);
    if (base) xml.free(base);
    return (char *)resolved;
}

void lr_xml_free_document(lr_xml_document *document) {
    if (!xml.error && document) xml.free_doc(document);
}

lr_xml_node *lr_xml_root(const lr_xml_document *document) {
    return xml.error ? NULL : xml.doc_get_root_element(document);
}

lr_xml_node *lr_xml_first_child(const lr_xml_node *node) { return node->children; }
lr_xml_node *lr_xml_parent(const lr_xml_node *node) { return node->parent && node->parent->type == XML_ELEMENT_NODE ? node->parent : NULL; }
lr_xml_document *lr_xml_node_document(const lr_xml_node *node) { return node->doc; }
lr_xml_node *lr_xml_next_sibling(const lr_xml_node *node) { return node->next; }

enum lr_xml_node_kind lr_xml_kind(const lr_xml_node *node) {
    switch (node->type) {
    case XML_ELEMENT_NODE: return LR_XML_ELEMENT;
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE: return LR_XML_TEXT;
    case XML_ENTITY_REF_NODE: return LR_XML_ENTITY_REFERENCE;
    default: return LR_XML_OTHER;
    }
}

const char *lr_xml_name(const lr_xml_node *node) { return (const char *)node->name; }
const char *lr_xml_text(const lr_xml_node *node) { return (const char *)node->content; }

char *lr_xml_content(const lr_xml_node *node) {
    return xml.error ? NULL : (char *)xml.node_get_content(node);
}

char *lr_xml_property(const lr_xml_node *node, const char *name) {
    return xml.error ? NULL : (char *)xml.get_prop(node, (const xmlChar *)name);
}

void lr_xml_free(void *text) {
    if (!xml.error && text) xml.free(text);
}
