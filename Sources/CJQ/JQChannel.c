/* The messages between loadrun and its jq worker (see JQShared.h): a type byte, a 4-byte
   length and the bytes, on a Unix socket; sent with MSG_NOSIGNAL, so that a worker that died
   is an error here, never a SIGPIPE that would end loadrun. */
#define _GNU_SOURCE
#include "JQShared.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int send_all(int fd, const void *bytes, size_t length) {
    const char *at = bytes;
    while (length > 0) {
        ssize_t sent = send(fd, at, length, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR) continue;
        if (sent <= 0) return -1;
        at += sent;
        length -= (size_t)sent;
    }
    return 0;
}

static int receive_all(int fd, void *bytes, size_t length) {
    char *at = bytes;
    while (length > 0) {
        ssize_t got = recv(fd, at, length, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        at += got;
        length -= (size_t)got;
    }
    return 0;
}

int lr_jq_send_parts(int fd, char type, const void *const *parts, const size_t *lengths, size_t count) {
    size_t total = 0;
    for (size_t index = 0; index < count; index++) total += lengths[index];
    if (total > UINT32_MAX) return -1;
    char head[5];
    head[0] = type;
    uint32_t length = (uint32_t)total;
    memcpy(head + 1, &length, 4);
    if (send_all(fd, head, sizeof head) < 0) return -1;
    for (size_t index = 0; index < count; index++) {
        if (lengths[index] > 0 && send_all(fd, parts[index], lengths[index]) < 0) return -1;
    }
    return 0;
}

int lr_jq_send(int fd, char type, const void *bytes, size_t length) {
    return lr_jq_send_parts(fd, type, &bytes, &length, 1);
}

int lr_jq_receive(int fd, char *type, char **bytes, size_t *length) {
    char head[5];
    if (receive_all(fd, head, sizeof head) < 0) return -1;
    uint32_t size;
    memcpy(&size, head + 1, 4);
    char *body = malloc((size_t)size + 1);
    if (body == NULL) return -1;
    if (receive_all(fd, body, size) < 0) {
        free(body);
        return -1;
    }
    body[size] = '\0';
    *type = head[0];
    *bytes = body;
    *length = size;
    return 0;
}
