/* soup-fetch: libsoup alone, as the floor under loadrun in `make bench` (part "urls").
 *
 *   soup-fetch URL-LIST [CA-FILE]
 *
 * Sends a GET for every URL of URL-LIST (one a line) through one SoupSession with loadrun's
 * connection limits (50 in all, 6 a host), reads each body as a stream in 64 KiB reads, as
 * loadrun does, and writes the bodies to stdout. Like loadrun, it keeps at most 6 requests a
 * host in libsoup at once and queues the rest itself (by host and port: the bench has one
 * host, so loadrun's overall cap of 50 never binds and is left out): libsoup 3.2 walks its whole queue on
 * every step, so 1,000 requests handed over at once cost it more than the requests. CA-FILE, for HTTPS, is the only
 * CA trusted, as `--cacert` makes it for loadrun. Any failure ends it with 1: a benchmark that
 * counted failed requests would be measuring something else.
 *
 * What it leaves out is what loadrun adds over libsoup: its loading states, deadlines and
 * retries, plugins that decode, and the output. scripts/bench builds it with
 * `cc $(pkg-config --cflags --libs libsoup-3.0)`. */
#define _GNU_SOURCE /* getline */
#include <libsoup/soup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    SoupMessage *message;
    GInputStream *body;
    GQueue *waiting; /* its host's queue */
} Request;

enum { per_host = 6 };

static GMainLoop *loop;
static SoupSession *session;
static int pending;

static void sent(GObject *session, GAsyncResult *result, gpointer data);

/* The next request waiting for the host of `waiting`, if any, goes to libsoup. */
static void send_next(GQueue *waiting) {
    Request *request = g_queue_pop_head(waiting);
    if (request) soup_session_send_async(session, request->message, G_PRIORITY_DEFAULT, NULL, sent, request);
}

static void fail(const char *what, GError *error) {
    fprintf(stderr, "soup-fetch: %s: %s\n", what, error ? error->message : "failed");
    exit(1);
}

static void finished(Request *request) {
    send_next(request->waiting);
    g_object_unref(request->body);
    g_object_unref(request->message);
    g_free(request);
    if (--pending == 0) g_main_loop_quit(loop);
}

static void read_some(GObject *stream, GAsyncResult *result, gpointer data) {
    Request *request = data;
    GError *error = NULL;
    GBytes *bytes = g_input_stream_read_bytes_finish(G_INPUT_STREAM(stream), result, &error);
    if (!bytes) fail("read", error);
    gsize size = 0;
    const void *chunk = g_bytes_get_data(bytes, &size);
    if (size == 0) {
        g_bytes_unref(bytes);
        g_input_stream_close(request->body, NULL, NULL);
        finished(request);
        return;
    }
    fwrite(chunk, 1, size, stdout);
    g_bytes_unref(bytes);
    g_input_stream_read_bytes_async(request->body, 65536, G_PRIORITY_DEFAULT, NULL, read_some, request);
}

static void sent(GObject *session, GAsyncResult *result, gpointer data) {
    Request *request = data;
    GError *error = NULL;
    request->body = soup_session_send_finish(SOUP_SESSION(session), result, &error);
    if (!request->body) fail("send", error);
    if (soup_message_get_status(request->message) != SOUP_STATUS_OK) {
        fprintf(stderr, "soup-fetch: HTTP %u\n", soup_message_get_status(request->message));
        exit(1);
    }
    g_input_stream_read_bytes_async(request->body, 65536, G_PRIORITY_DEFAULT, NULL, read_some, request);
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: soup-fetch URL-LIST [CA-FILE]\n");
        return 64;
    }
    FILE *list = fopen(argv[1], "r");
    if (!list) {
        perror(argv[1]);
        return 66;
    }
    session = soup_session_new_with_options("max-conns", 50, "max-conns-per-host", 6, NULL);
    /* loadrun decodes Content-Encoding itself; libsoup's decoder is not in its path. */
    soup_session_remove_feature_by_type(session, soup_content_decoder_get_type());
    if (argc == 3) {
        GError *error = NULL;
        GTlsDatabase *database = g_tls_file_database_new(argv[2], &error);
        if (!database) fail(argv[2], error);
        soup_session_set_tls_database(session, database);
        g_object_unref(database);
    }
    loop = g_main_loop_new(NULL, FALSE);
    GHashTable *hosts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_queue_free);
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, list) != -1) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0]) continue;
        Request *request = g_new0(Request, 1);
        request->message = soup_message_new("GET", line);
        if (!request->message) {
            fprintf(stderr, "soup-fetch: not a URL: %s\n", line);
            return 65;
        }
        pending++;
        GUri *uri = soup_message_get_uri(request->message);
        char *host = g_strdup_printf("%s:%d", g_uri_get_host(uri), g_uri_get_port(uri));
        GQueue *waiting = g_hash_table_lookup(hosts, host);
        if (!waiting) {
            waiting = g_queue_new();
            g_hash_table_insert(hosts, host, waiting);
        } else {
            g_free(host);
        }
        request->waiting = waiting;
        g_queue_push_tail(waiting, request);
    }
    free(line);
    fclose(list);
    GHashTableIter hosts_iter;
    gpointer waiting;
    g_hash_table_iter_init(&hosts_iter, hosts);
    while (g_hash_table_iter_next(&hosts_iter, NULL, &waiting)) {
        for (int i = 0; i < per_host; i++) send_next(waiting);
    }
    if (pending > 0) g_main_loop_run(loop);
    g_hash_table_unref(hosts);
    g_main_loop_unref(loop);
    g_object_unref(session);
    return fflush(stdout) == 0 ? 0 : 74;
}
