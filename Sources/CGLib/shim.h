#ifndef LOADRUN_CGLIB_SHIM_H
#define LOADRUN_CGLIB_SHIM_H

#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>

/* Why: G_IO_ERROR is a function-like macro that Swift cannot import. */
static inline GQuark lr_io_error_quark(void) { return g_io_error_quark(); }

/* Why: G_RESOLVER_ERROR is a macro; DNS failures arrive in this domain. */
static inline GQuark lr_resolver_error_quark(void) { return g_resolver_error_quark(); }

/* Why: G_TLS_ERROR is a macro; certificate failures arrive in this domain. */
static inline GQuark lr_tls_error_quark(void) { return g_tls_error_quark(); }

#endif
