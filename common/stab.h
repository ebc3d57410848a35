/* SPDX-License-Identifier: ISC */
/*
 * stab.h: the stack table: arena + open-addressing hash (stab.c); the
 * pivot for sorting it on two threads is pivot.h, the key sort keysort.h.
 */
#ifndef FG_STAB_H
#define FG_STAB_H

#include <stddef.h>
#include <stdint.h>

#include "count.h"
#include "keysort.h"

struct fg_ent {
	struct fg_ent *next;	/* insertion order list */
	const char *key;	/* NUL-terminated unless borrowed */
	uint32_t len;		/* key length */
	uint32_t aux;		/* free for the tool's use */
	fg_count c[];		/* ncols counts (then the key, if owned) */
};
struct fg_stab;
struct fg_stab *fg_stab_new(int ncols);
void fg_stab_free(struct fg_stab *t);
size_t fg_stab_count(const struct fg_stab *t);
/* Finds or inserts key; new entries have zero counts. */
struct fg_ent *fg_stab_get(struct fg_stab *t, const char *key, size_t len);
/*
 * As fg_stab_get, but a new entry borrows key instead of copying it: the
 * caller keeps that memory alive and unchanged while the table is used.
 */
struct fg_ent *fg_stab_get_ref(struct fg_stab *t, const char *key,
    size_t len);
/* fg_stab_get with the key's fg_hash() already known. */
struct fg_ent *fg_stab_get_hashed(struct fg_stab *t, const char *key,
    size_t len, uint64_t h);
/*
 * Asks for the memory fg_stab_get_hashed(h) will touch: the hash slot, or
 * with entry set the entry that slot holds (when its hash is h).
 */
void fg_stab_prefetch(const struct fg_stab *t, uint64_t h, int entry);
/*
 * Faults in the arena memory that the next `ahead` bytes of entries will
 * take; safe to call from one other thread while a thread adds.
 */
void fg_stab_fault_ahead(struct fg_stab *t, size_t ahead);
struct fg_ent *fg_stab_find(struct fg_stab *t, const char *key, size_t len);
static inline const char *
fg_ent_key(const struct fg_stab *t, const struct fg_ent *e)
{
	(void)t;
	return e->key;
}
/* First entry in insertion order (follow ->next). */
struct fg_ent *fg_stab_first(const struct fg_stab *t);
/*
 * A malloc'd, NULL-terminated array of all entries sorted bytewise by key
 * (LC_ALL=C sort), on two threads when large.
 */
struct fg_ent **fg_stab_sorted(struct fg_stab *t);
/* Up to k entries, spread evenly over the hash (a random sample). */
size_t fg_stab_sample(const struct fg_stab *t, struct fg_ent **out, size_t k);
/*
 * Sets a prefix, before the first key: a key that starts with it is kept
 * without it, and its entry's key and len are then those of the rest, aux
 * the prefix's length (aux is 0 for the others, and not free for the
 * tool's use). Only for copied keys (not fg_stab_get_ref), and meant for
 * fg_stab_split's users: fg_stab_sorted and the others see the kept
 * bytes. Memory then follows what the keys do not all share.
 */
void fg_stab_set_prefix(struct fg_stab *t, const char *p, size_t n);
/* The prefix (NULL, *len 0 when none). */
const char *fg_stab_prefix(const struct fg_stab *t, size_t *len);
/*
 * Frees the hash slots: the table cannot be searched afterwards, and its
 * entries are still there for fg_stab_split (the memory of its sort items
 * can then take the slots' place).
 */
void fg_stab_unindex(struct fg_stab *t);
/*
 * Fills it[0..count) with every entry (p the entry): those with keys below
 * pk at the front (their number returned), the others at the back; with
 * pk NULL, all at the front. The table cannot be searched afterwards. An
 * item's key is its entry's (without the prefix, if any; pk is whole), and
 * its tail its class: 1 for keys kept without the prefix (and every key
 * of a table without one), 0 for the others below the prefix, 2 above it
 * (sorting each class apart and writing classes 0, 1, 2 in turn, class 1
 * after the prefix, gives bytewise order).
 */
size_t fg_stab_split(struct fg_stab *t, const char *pk, size_t pl,
    struct fg_sortitem *it);
uint64_t fg_hash(const void *p, size_t n);
#endif
