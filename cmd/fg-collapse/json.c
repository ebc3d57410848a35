/* SPDX-License-Identifier: ISC */
/*
 * json.c: a pull parser for JSON (see json.h). One token per call; the
 * grammar is checked with a small state machine and an explicit stack of
 * open containers, never by recursion.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "json.h"
#include "text.h"

enum {
	ST_VALUE,		/* a value is required */
	ST_ARR_FIRST,		/* after '[': a value or ']' */
	ST_OBJ_FIRST,		/* after '{': a key or '}' */
	ST_KEY,			/* after ',' in an object: a key */
	ST_AFTER,		/* after a value in a container: ',' or close */
	ST_DONE,		/* the top-level value is complete */
	ST_ERR
};

static void skipws(struct json *);

void
json_init(struct json *j, const char *text, size_t len)
{
	memset(j, 0, sizeof(*j));
	j->s = j->p = text;
	j->e = text + len;
	j->state = ST_VALUE;
	/* a UTF-8 byte order mark is tolerated at the start */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		j->p += 3;
}

void
json_free(struct json *j)
{
	free(j->stk);
	free(j->sbuf);
	j->stk = j->sbuf = NULL;
}

void
json_sub(struct json *sub, const struct json *j)
{
	memset(sub, 0, sizeof(*sub));
	sub->s = j->s;
	sub->p = j->p;
	sub->e = j->e;
	sub->state = ST_VALUE;
	/* the next element of an array: past the ',' before it */
	skipws(sub);
	if (j->state == ST_AFTER && sub->p < sub->e && *sub->p == ',')
		sub->p++;
}

size_t
json_depth(const struct json *j)
{
	return j->depth;
}

static enum json_tok
fail(struct json *j, const char *at, const char *msg)
{
	j->state = ST_ERR;
	j->err = msg;
	j->erroff = (size_t)(at - j->s);
	return JSON_ERR;
}

static void
skipws(struct json *j)
{
	while (j->p < j->e && (*j->p == ' ' || *j->p == '\t' ||
	    *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static void
push(struct json *j, char c)
{
	if (j->depth == j->stkcap) {
		j->stkcap = j->stkcap ? j->stkcap * 2 : 64;
		j->stk = fg_realloc(j->stk, j->stkcap);
	}
	j->stk[j->depth++] = c;
}

/* After a complete value: what may follow depends on the container. */
static void
valuedone(struct json *j)
{
	j->state = j->depth == 0 ? ST_DONE : ST_AFTER;
}

static void
sputc(struct json *j, char c)
{
	if (j->len + 1 >= j->scap) {
		j->scap = j->scap ? j->scap * 2 : 256;
		j->sbuf = fg_realloc(j->sbuf, j->scap);
	}
	j->sbuf[j->len++] = c;
}

static void
sput_utf8(struct json *j, uint32_t u)
{
	char b[4];
	size_t i, n = fg_utf8_put(b, u);

	for (i = 0; i < n; i++)
		sputc(j, b[i]);
}

static int
hex4(const char *p, const char *e, uint32_t *u)
{
	int i, d;

	if (e - p < 4)
		return -1;
	*u = 0;
	for (i = 0; i < 4; i++) {
		if (p[i] >= '0' && p[i] <= '9')
			d = p[i] - '0';
		else if (p[i] >= 'a' && p[i] <= 'f')
			d = p[i] - 'a' + 10;
		else if (p[i] >= 'A' && p[i] <= 'F')
			d = p[i] - 'A' + 10;
		else
			return -1;
		*u = *u << 4 | (uint32_t)d;
	}
	return 0;
}

/* A string starting at the '"' under p; unescaped into sbuf. */
static enum json_tok
string(struct json *j, enum json_tok t)
{
	const char *p = j->p + 1, *run;
	uint32_t u, lo;
	unsigned char c;

	j->len = 0;
	for (;;) {
		run = p;
		while (p < j->e && *p != '"' && *p != '\\' &&
		    (unsigned char)*p >= 0x20)
			p++;
		if (p > run) {
			while (j->len + (size_t)(p - run) + 1 >= j->scap) {
				j->scap = j->scap ? j->scap * 2 : 256;
				j->sbuf = fg_realloc(j->sbuf, j->scap);
			}
			memcpy(j->sbuf + j->len, run, (size_t)(p - run));
			j->len += (size_t)(p - run);
		}
		if (p >= j->e)
			return fail(j, j->p, "unterminated string");
		c = (unsigned char)*p;
		if (c == '"')
			break;
		if (c < 0x20)
			return fail(j, p, c == 0 ? "NUL byte in string" :
			    "control character in string");
		/* a backslash */
		if (++p >= j->e)
			return fail(j, j->p, "unterminated string");
		switch (*p) {
		case '"': case '\\': case '/':
			sputc(j, *p);
			break;
		case 'b': sputc(j, '\b'); break;
		case 'f': sputc(j, '\f'); break;
		case 'n': sputc(j, '\n'); break;
		case 'r': sputc(j, '\r'); break;
		case 't': sputc(j, '\t'); break;
		case 'u':
			if (hex4(p + 1, j->e, &u) < 0)
				return fail(j, p - 1, "bad \\u escape");
			p += 4;
			if (u >= 0xd800 && u <= 0xdbff && j->e - p >= 7 &&
			    p[1] == '\\' && p[2] == 'u' &&
			    hex4(p + 3, j->e, &lo) == 0 &&
			    lo >= 0xdc00 && lo <= 0xdfff) {
				u = 0x10000 + ((u - 0xd800) << 10) +
				    (lo - 0xdc00);
				p += 6;
			} else if (u >= 0xd800 && u <= 0xdfff)
				u = 0xfffd;	/* lone surrogate */
			sput_utf8(j, u);
			break;
		default:
			return fail(j, p - 1, "bad escape in string");
		}
		p++;
	}
	j->p = p + 1;
	sputc(j, '\0');
	j->len--;
	j->str = j->sbuf;
	return t;
}

static int
isdig(char c)
{
	return c >= '0' && c <= '9';
}

static enum json_tok
number(struct json *j)
{
	const char *p = j->p, *start = j->p;

	if (p < j->e && *p == '-')
		p++;
	if (p >= j->e || !isdig(*p))
		return fail(j, start, "bad number");
	if (*p == '0')
		p++;
	else
		while (p < j->e && isdig(*p))
			p++;
	if (p < j->e && *p == '.') {
		if (++p >= j->e || !isdig(*p))
			return fail(j, start, "bad number");
		while (p < j->e && isdig(*p))
			p++;
	}
	if (p < j->e && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < j->e && (*p == '+' || *p == '-'))
			p++;
		if (p >= j->e || !isdig(*p))
			return fail(j, start, "bad number");
		while (p < j->e && isdig(*p))
			p++;
	}
	if (p >= j->e && j->depth > 0)	/* it may have been cut short */
		return fail(j, p, "unexpected end of input");
	j->len = 0;
	while (j->len + (size_t)(p - start) + 1 >= j->scap) {
		j->scap = j->scap ? j->scap * 2 : 256;
		j->sbuf = fg_realloc(j->sbuf, j->scap);
	}
	memcpy(j->sbuf, start, (size_t)(p - start));
	j->len = (size_t)(p - start);
	j->sbuf[j->len] = '\0';
	j->str = j->sbuf;
	j->p = p;
	return JSON_NUM;
}

static enum json_tok
literal(struct json *j, const char *word, enum json_tok t)
{
	size_t n = strlen(word);

	if ((size_t)(j->e - j->p) < n || memcmp(j->p, word, n) != 0)
		return fail(j, j->p, "unexpected character");
	j->p += n;
	return t;
}

static enum json_tok
value(struct json *j)
{
	enum json_tok t;

	switch (*j->p) {
	case '{':
		j->p++;
		push(j, '{');
		j->state = ST_OBJ_FIRST;
		return JSON_OBJ;
	case '[':
		j->p++;
		push(j, '[');
		j->state = ST_ARR_FIRST;
		return JSON_ARR;
	case '"':
		t = string(j, JSON_STR);
		break;
	case 't':
		t = literal(j, "true", JSON_TRUE);
		break;
	case 'f':
		t = literal(j, "false", JSON_FALSE);
		break;
	case 'n':
		t = literal(j, "null", JSON_NULL);
		break;
	default:
		if (*j->p == '-' || isdig(*j->p))
			t = number(j);
		else
			return fail(j, j->p, *j->p == '\0' ?
			    "NUL byte" : "unexpected character");
	}
	if (t != JSON_ERR)
		valuedone(j);
	return t;
}

static enum json_tok
key(struct json *j)
{
	enum json_tok t;

	if (*j->p != '"')
		return fail(j, j->p, "object key expected");
	if ((t = string(j, JSON_KEY)) == JSON_ERR)
		return t;
	skipws(j);
	if (j->p >= j->e)
		return fail(j, j->p, "unexpected end of input");
	if (*j->p != ':')
		return fail(j, j->p, "':' expected");
	j->p++;
	j->state = ST_VALUE;
	return JSON_KEY;
}

static enum json_tok
jclose(struct json *j)
{
	char c = j->stk[--j->depth];

	j->p++;
	valuedone(j);
	return c == '{' ? JSON_OBJ_END : JSON_ARR_END;
}

enum json_tok
json_next(struct json *j)
{
	if (j->state == ST_ERR)
		return JSON_ERR;
	skipws(j);
	if (j->state == ST_DONE) {
		if (j->p < j->e)
			return fail(j, j->p, "garbage after the JSON value");
		return JSON_EOF;
	}
	if (j->p >= j->e)
		return fail(j, j->p, "unexpected end of input");
	switch (j->state) {
	case ST_VALUE:
		return value(j);
	case ST_ARR_FIRST:
		if (*j->p == ']')
			return jclose(j);
		return value(j);
	case ST_OBJ_FIRST:
		if (*j->p == '}')
			return jclose(j);
		return key(j);
	case ST_KEY:
		return key(j);
	default:		/* ST_AFTER */
		if (*j->p == ',') {
			j->p++;
			skipws(j);
			if (j->p >= j->e)
				return fail(j, j->p,
				    "unexpected end of input");
			if (j->stk[j->depth - 1] == '{')
				return key(j);
			j->state = ST_VALUE;
			return value(j);
		}
		if ((*j->p == '}' && j->stk[j->depth - 1] == '{') ||
		    (*j->p == ']' && j->stk[j->depth - 1] == '['))
			return jclose(j);
		return fail(j, j->p, j->stk[j->depth - 1] == '{' ?
		    "',' or '}' expected" : "',' or ']' expected");
	}
}

int
json_skip(struct json *j, enum json_tok t)
{
	size_t base;

	if (t == JSON_ERR)
		return -1;
	if (t != JSON_OBJ && t != JSON_ARR)
		return 0;
	base = j->depth - 1;
	while (j->depth > base) {
		if (json_next(j) == JSON_ERR)
			return -1;
	}
	return 0;
}

int
json_int64(const char *s, size_t len, int64_t *v)
{
	uint64_t u = 0, lim;
	size_t i = 0;
	int neg = 0;

	if (len > 0 && s[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i == len)
		return -1;
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; i < len; i++) {
		if (!isdig(s[i]))
			return -1;
		if (u > (lim - (uint64_t)(s[i] - '0')) / 10)
			return -1;
		u = u * 10 + (uint64_t)(s[i] - '0');
	}
	if (neg)
		*v = u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
	else
		*v = (int64_t)u;
	return 0;
}
