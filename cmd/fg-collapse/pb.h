/* SPDX-License-Identifier: ISC */
/*
 * pb.h: protocol buffers wire-format reader. Bounds-checked over a byte
 * range; no schema, no allocation. Groups (wire types 3 and 4) are
 * rejected as errors.
 */
#ifndef FG_PB_H
#define FG_PB_H

#include <stddef.h>
#include <stdint.h>

enum {
	PB_VARINT = 0, PB_I64 = 1, PB_LEN = 2, PB_I32 = 5
};

/* A message (or any byte range) being read. */
struct pb {
	const unsigned char *p, *end;
	const char *err;	/* set by pb_next on malformed input */
};

struct pb_field {
	uint32_t num;		/* field number, >= 1 */
	int wt;			/* wire type */
	uint64_t v;		/* VARINT, I64 and I32 values */
	const unsigned char *data;	/* LEN: the bytes */
	size_t len;
};

void pb_init(struct pb *r, const void *p, size_t n);
/*
 * Reads the next field. Returns 1 with *f filled, 0 at the end of the
 * range, -1 on malformed input (r->err says why).
 */
int pb_next(struct pb *r, struct pb_field *f);
/* Reads a varint at *p (before end); advances *p. Returns -1 if bad. */
int pb_varint(const unsigned char **p, const unsigned char *end,
    uint64_t *v);

/*
 * The values of a repeated scalar varint field, packed (one LEN field) or
 * not (one VARINT field): pb_vals_init returns -1 for another wire type;
 * pb_vals_next returns 1 with *v, 0 at the end, -1 on a bad varint.
 */
struct pb_vals {
	const unsigned char *p, *end;
	uint64_t one;
	int single;		/* 1: one unread value in one, 2: read */
};
int pb_vals_init(struct pb_vals *it, const struct pb_field *f);
int pb_vals_next(struct pb_vals *it, uint64_t *v);

#endif
