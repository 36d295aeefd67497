#ifndef LOADRUN_CPIXBUF_SHIM_H
#define LOADRUN_CPIXBUF_SHIM_H

#include <gdk-pixbuf/gdk-pixbuf.h>

#endif
