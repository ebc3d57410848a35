/* SPDX-License-Identifier: ISC */
/* pb.c: protocol buffers wire-format reader (see pb.h). */
#include <string.h>

#include "pb.h"

void
pb_init(struct pb *r, const void *p, size_t n)
{
	r->p = p;
	r->end = r->p + n;
	r->err = NULL;
}

int
pb_varint(const unsigned char **pp, const unsigned char *end, uint64_t *v)
{
	const unsigned char *p = *pp;
	uint64_t x = 0;
	unsigned shift;

	for (shift = 0; shift < 64; shift += 7) {
		if (p >= end)
			return -1;
		/* the tenth byte holds only the top bit */
		if (shift == 63 && *p > 1)
			return -1;
		x |= (uint64_t)(*p & 0x7f) << shift;
		if ((*p++ & 0x80) == 0) {
			*pp = p;
			*v = x;
			return 0;
		}
	}
	return -1;
}

int
pb_next(struct pb *r, struct pb_field *f)
{
	uint64_t key, len;
	int i;

	if (r->err != NULL)
		return -1;
	if (r->p >= r->end)
		return 0;
	if (pb_varint(&r->p, r->end, &key) < 0) {
		r->err = "truncated or overlong field key";
		return -1;
	}
	if (key >> 3 == 0 || key >> 3 > 0x1fffffff) {
		r->err = "invalid field number";
		return -1;
	}
	f->num = (uint32_t)(key >> 3);
	f->wt = (int)(key & 7);
	f->v = 0;
	f->data = NULL;
	f->len = 0;
	switch (f->wt) {
	case PB_VARINT:
		if (pb_varint(&r->p, r->end, &f->v) < 0) {
			r->err = "truncated or overlong varint";
			return -1;
		}
		break;
	case PB_I64:
	case PB_I32:
		len = f->wt == PB_I64 ? 8 : 4;
		if ((uint64_t)(r->end - r->p) < len) {
			r->err = "truncated fixed-width field";
			return -1;
		}
		for (i = (int)len - 1; i >= 0; i--)
			f->v = f->v << 8 | r->p[i];
		r->p += len;
		break;
	case PB_LEN:
		if (pb_varint(&r->p, r->end, &len) < 0) {
			r->err = "truncated or overlong length";
			return -1;
		}
		if ((uint64_t)(r->end - r->p) < len) {
			r->err = "length-delimited field past the end";
			return -1;
		}
		f->data = r->p;
		f->len = (size_t)len;
		r->p += len;
		break;
	case 3:
	case 4:
		r->err = "groups (wire types 3, 4) are not supported";
		return -1;
	default:
		r->err = "invalid wire type";
		return -1;
	}
	return 1;
}

int
pb_vals_init(struct pb_vals *it, const struct pb_field *f)
{
	memset(it, 0, sizeof(*it));
	if (f->wt == PB_VARINT) {
		it->one = f->v;
		it->single = 1;
		return 0;
	}
	if (f->wt != PB_LEN)
		return -1;
	it->p = f->data;
	it->end = f->data + f->len;
	return 0;
}

int
pb_vals_next(struct pb_vals *it, uint64_t *v)
{
	if (it->single) {
		if (it->single == 2)
			return 0;
		it->single = 2;
		*v = it->one;
		return 1;
	}
	if (it->p >= it->end)
		return 0;
	return pb_varint(&it->p, it->end, v) < 0 ? -1 : 1;
}
