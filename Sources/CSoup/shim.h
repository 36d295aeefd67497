#ifndef LOADRUN_CSOUP_SHIM_H
#define LOADRUN_CSOUP_SHIM_H

#include <libsoup/soup.h>

/* Why: soup_session_new_with_options is variadic, and max-conns / max-conns-per-host
 * are construct-only, so they can only be set here. `timeout` is libsoup's idle I/O timer.
 * No "user-agent": libsoup would write it over each request's own. */
static inline SoupSession *lr_soup_session_new(guint max_conns, guint max_conns_per_host,
                                               guint idle_timeout_seconds) {
    return soup_session_new_with_options("max-conns", max_conns,
                                         "max-conns-per-host", max_conns_per_host,
                                         "timeout", idle_timeout_seconds,
                                         NULL);
}

/* Why: soup_server_new is variadic. A NULL certificate gives a plain HTTP server. */
static inline SoupServer *lr_soup_server_new(const char *server_header, GTlsCertificate *certificate) {
    return soup_server_new("server-header", server_header, "tls-certificate", certificate, NULL);
}

/* Why: soup_auth_domain_digest_new is variadic; the realm is its one setting here. */
static inline SoupAuthDomain *lr_soup_auth_domain_digest_new(const char *realm) {
    return soup_auth_domain_digest_new("realm", realm, NULL);
}

#endif
