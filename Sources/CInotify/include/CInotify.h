// inotify's event bits and the layout of `struct inotify_event`, read from the C library's own
// header so SiteWatcher never spells them out. Some of these are macros Swift does not import
// (IN_ISDIR, IN_Q_OVERFLOW), and the struct ends in a flexible array Swift cannot see.
#ifndef GAZETTE_CINOTIFY_H
#define GAZETTE_CINOTIFY_H

#include <stddef.h>
#include <stdint.h>
#include <sys/inotify.h>

static const uint32_t gazette_in_modify = IN_MODIFY;
static const uint32_t gazette_in_attrib = IN_ATTRIB;
static const uint32_t gazette_in_close_write = IN_CLOSE_WRITE;
static const uint32_t gazette_in_moved_from = IN_MOVED_FROM;
static const uint32_t gazette_in_moved_to = IN_MOVED_TO;
static const uint32_t gazette_in_create = IN_CREATE;
static const uint32_t gazette_in_delete = IN_DELETE;
static const uint32_t gazette_in_delete_self = IN_DELETE_SELF;
static const uint32_t gazette_in_move_self = IN_MOVE_SELF;
static const uint32_t gazette_in_q_overflow = IN_Q_OVERFLOW;
static const uint32_t gazette_in_isdir = IN_ISDIR;

/// The fixed part of one event; its name (`len` bytes, NUL-padded) follows it.
static const size_t gazette_inotify_event_size = sizeof(struct inotify_event);
static const size_t gazette_inotify_event_wd = offsetof(struct inotify_event, wd);
static const size_t gazette_inotify_event_mask = offsetof(struct inotify_event, mask);
static const size_t gazette_inotify_event_len = offsetof(struct inotify_event, len);

#endif
