/* SPDX-License-Identifier: ISC */
/*
 * frames.h: stacks as strings of frame numbers (frames.c). The stack table
 * of an unsorted input keeps every unique stack; kept as text that is
 * about 20-40 bytes a frame, as numbers 4. A dictionary gives each frame
 * name a number (in order of first sight); at the end the names are
 * sorted once, and every kept stack's numbers are rewritten in place as
 * big-endian ranks such that sorting the rewritten keys bytewise sorts
 * the stacks' text bytewise (LC_ALL=C). Each name has two ranks: as a
 * frame followed by ';' (it sorts as the name and a ';') and as the last
 * frame (as the name alone); those tokens are prefix-free, so the first
 * differing rank decides as the first differing byte of the text would.
 * One thread at a time, except fg_frames_rank, which only reads.
 */
#ifndef FG_FRAMES_H
#define FG_FRAMES_H

#include <stddef.h>
#include <stdint.h>

/* The most bytes fg_frames_encode writes for a key of len bytes. */
#define FG_FRAMES_MAX(len) (((size_t)(len) + 1) * 4)

struct fg_frames;
struct fg_frames *fg_frames_new(void);
void fg_frames_free(struct fg_frames *f);
/*
 * Writes key's frame numbers to out (FG_FRAMES_MAX(len) bytes at most,
 * key at most UINT32_MAX bytes), returns their length in bytes.
 */
size_t fg_frames_encode(struct fg_frames *f, const char *key, size_t len,
    char *out);
/*
 * The same in two steps, which may run on two threads: a cutter finds
 * the frames of key and hashes them, any thread; fg_frames_number then
 * numbers them (the dictionary's thread).
 */
struct fg_frame {		/* key[start..end), hashed */
	uint64_t h;
	uint32_t start, end;
};
struct fg_fcut;			/* keeps the previous key cut */
struct fg_fcut *fg_fcut_new(void);
void fg_fcut_free(struct fg_fcut *c);
/*
 * Cuts key (at most UINT32_MAX bytes) at its ';'s; returns its number of
 * frames. The first *same are the previous key's first frames (the same
 * bytes, each followed by ';'): only the others go to out, at most
 * len + 1 - *same of them.
 */
size_t fg_frames_cut(struct fg_fcut *c, const char *key, size_t len,
    struct fg_frame *out, size_t *same);
/* Numbers the m frames fr of key into ids. */
void fg_frames_number(struct fg_frames *f, const char *key,
    const struct fg_frame *fr, size_t m, uint32_t *ids);
/* Ranks every name: after it, no more fg_frames_encode. */
void fg_frames_order(struct fg_frames *f);
/* Rewrites an encoded key's numbers as their big-endian ranks. */
void fg_frames_rank(const struct fg_frames *f, char *key, size_t len);
/*
 * The text of a ranked key; valid until the next call (consecutive keys
 * sharing a prefix share its text).
 */
const char *fg_frames_decode(struct fg_frames *f, const char *key,
    size_t len, size_t *outlen);
#endif
