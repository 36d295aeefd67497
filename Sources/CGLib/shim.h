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

/* Why: a source that fires at the ready time it is given, and then not again until given
 * another, is what a heap of deadlines needs (one GSource for all of them, re-armed as the
 * earliest changes); GLib has no such source, and Swift cannot fill a GSourceFuncs' table
 * statically. */
static inline gboolean lr_ready_time_dispatch(GSource *source, GSourceFunc callback, gpointer data) {
    g_source_set_ready_time(source, -1);
    return callback ? callback(data) : G_SOURCE_REMOVE;
}
static GSourceFuncs lr_ready_time_funcs = { NULL, NULL, lr_ready_time_dispatch, NULL, NULL, NULL };
static inline GSource *lr_ready_time_source_new(void) {
    GSource *source = g_source_new(&lr_ready_time_funcs, sizeof(GSource));
    g_source_set_ready_time(source, -1);
    return source;
}

#endif
