/* SPDX-License-Identifier: ISC */
/*
 * speedscope.c: speedscope's JSON file format
 * (https://www.speedscope.app/file-format-schema.json), which speedscope
 * exports and py-spy, rbspy, austin, dotnet-trace, pyinstrument and
 * others write: a shared frames table ({name, file, line, col}) and
 * profiles, each "sampled" (samples: arrays of frame indices, root first,
 * with weights) or "evented" (frames opened "O" and closed "C" at times).
 *
 *	{"shared": {"frames": [{"name": "main", "file": "app.py", "line": 10},
 *	  {"name": "parse"}]},
 *	 "profiles": [{"type": "sampled", "name": "MainThread",
 *	  "unit": "milliseconds", "startValue": 0, "endValue": 30,
 *	  "samples": [[0, 1], [0, 1], [0]], "weights": [10, 10, 10]}]}
 * becomes
 *	main 1
 *	main;parse 2
 *
 * A sampled profile counts 1 per sample, or its weights with
 * --cpuprofile-time; an evented profile has only times, so it always
 * weighs each stack by the time it was on top (self time). Times are
 * converted to microseconds (the unit of --cpuprofile-time for V8
 * profiles); other units (bytes, none) are kept. When a file holds
 * several profiles each stack starts with its profile's name.
 *
 * Members may come in any order: "profiles" is read after the whole
 * object, and within a profile its arrays after its type and unit. The
 * stacks are made as they are read: frames pushed, weights added, an
 * evented profile's events applied to its open frames.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "json.h"

struct ss {
	struct fg_in *in;
	const struct copts *o;
	struct fg_stab *tab;
	struct buf names;	/* frame names */
	size_t *fname, *flen;	/* per frame, in names */
	size_t nf, fcap;
	size_t nprof;		/* profiles in the file */
	uint64_t used;
	const char *pname;	/* the profile being read, for warnings */
	size_t pidx;
};

/* One profile's members. */
struct prof {
	char type[16];
	char *name;
	double scale;		/* a weight in the unit given, in output units */
	int time;		/* the unit is one of time */
	int bytes;		/* the unit is bytes */
	struct json samples, weights, events;	/* .s NULL when absent */
};

/* An evented profile's open frames: the stack text's length before each. */
struct open {
	size_t *len;
	double *fr;
	size_t n, cap;
};

static void sswarn(struct ss *S, const char *fmt, ...) FG_PRINTF(2, 3);
/* The stacks: frames pushed, weights added, events applied. */
static int ss_push(struct ss *S, struct buf *b, double k);
static int ss_add(struct ss *S, const struct buf *b, double w, int time);
static void ss_weightunit(const struct ss *S, const struct prof *p);
static void ss_apply(struct ss *S, struct prof *p, struct open *o,
    struct buf *b, size_t i, char type, double fr, double at, double *last);

/* Appends frame k to the stack in b; -1 when k is no frame. */
static int
ss_push(struct ss *S, struct buf *b, double k)
{
	size_t i;

	if (!(k >= 0 && k < (double)S->nf) || k != floor(k))
		return -1;
	i = (size_t)k;
	if (b->len > 0)
		buf_put(b, ";", 1);
	buf_put(b, S->names.p + S->fname[i], S->flen[i]);
	return 0;
}

/*
 * Adds weight w (in output units) to the stack in b; times are rounded to
 * whole nanoseconds, so that differences of times in seconds do not
 * print the rounding errors of binary floating point.
 */
static int
ss_add(struct ss *S, const struct buf *b, double w, int time)
{
	fg_count c;

	if (time)
		w = round(w * 1e3) / 1e3;
	if (b->len == 0 || w == 0)
		return 0;
	if (fg_count_from_dbl(w, &c) < 0) {
		sswarn(S, "weight %g is negative or too large; skipped", w);
		return 0;
	}
	collapse_budget(S->in, S->o, "speedscope", &S->used, b->len);
	collapse_add(S->tab, b->p, b->len, c, S->in);
	return 1;
}

/* What a profile's weights are in output units: us, bytes, or unsaid. */
static void
ss_weightunit(const struct ss *S, const struct prof *p)
{
	if (p->time)
		collapse_unit(S->o, "us", 2);
	else if (p->bytes)
		collapse_unit(S->o, "bytes", 5);
	else
		collapse_unit(S->o, "", 0);	/* "none": a count of what? */
}

/* Applies event i: the time since the last goes to the stack on top. */
static void
ss_apply(struct ss *S, struct prof *p, struct open *o, struct buf *b,
    size_t i, char type, double fr, double at, double *last)
{
	if (o->n > 0 && at > *last)
		ss_add(S, b, (at - *last) * p->scale, p->time);
	else if (at < *last)
		sswarn(S, "events[%zu]: goes back in time", i);
	if (at > *last)
		*last = at;
	if (type == 'C') {
		if (o->n == 0 || o->fr[o->n - 1] != fr) {
			sswarn(S, "events[%zu]: closes frame %g, which is not "
			    "the innermost open one; ignored", i, fr);
			return;
		}
		b->len = o->len[--o->n];
		return;
	}
	if (o->n == o->cap) {
		o->cap = o->cap ? o->cap * 2 : 64;
		o->len = fg_reallocarray(o->len, o->cap, sizeof(*o->len));
		o->fr = fg_reallocarray(o->fr, o->cap, sizeof(*o->fr));
	}
	o->len[o->n] = b->len;
	if (ss_push(S, b, fr) < 0) {
		sswarn(S, "events[%zu]: frame %g is not in shared.frames; "
		    "ignored", i, fr);
		b->len = o->len[o->n];
		return;
	}
	o->fr[o->n++] = fr;
}

static void
sswarn(struct ss *S, const char *fmt, ...)
{
	char label[128];
	va_list ap;

	if (S->pname != NULL)
		snprintf(label, sizeof(label), "profile %zu (%s)", S->pidx,
		    S->pname);
	va_start(ap, fmt);
	collapse_vwarn(S->in, S->pname != NULL ? label : NULL, fmt, ap);
	va_end(ap);
}

static void
jsonerr(struct ss *S, const struct json *j)
{
	sswarn(S, "byte %zu: invalid JSON: %s (using what was read before "
	    "it)", j->erroff, j->err);
}

/* A JSON number as a double; -1 when it is none or not finite. */
static int
dbl(enum json_tok t, const struct json *j, double *d)
{
	if (t != JSON_NUM)
		return -1;
	*d = strtod(j->str, NULL);
	return isfinite(*d) ? 0 : -1;
}

/* One entry of shared.frames: "name file:line" with --lines. */
static int
frame(struct ss *S, struct json *j, enum json_tok t)
{
	struct buf *b = &S->names;
	char *name = NULL, *file = NULL, num[32];
	double line = -1;
	int which;

	if (S->nf == S->fcap) {
		S->fcap = S->fcap ? S->fcap * 2 : 64;
		S->fname = fg_reallocarray(S->fname, S->fcap, sizeof(size_t));
		S->flen = fg_reallocarray(S->flen, S->fcap, sizeof(size_t));
	}
	S->fname[S->nf] = b->len;
	if (t != JSON_OBJ) {
		sswarn(S, "shared.frames[%zu]: not an object", S->nf);
		S->flen[S->nf++] = 0;
		return json_skip(j, t);
	}
	while ((t = json_next(j)) == JSON_KEY) {
		which = strcmp(j->str, "name") == 0 ? 1 :
		    strcmp(j->str, "file") == 0 ? 2 :
		    strcmp(j->str, "line") == 0 ? 3 : 0;
		t = json_next(j);
		if (which == 1 && t == JSON_STR) {
			free(name);
			name = fg_strdup(j->str);
		} else if (which == 2 && t == JSON_STR) {
			free(file);
			file = fg_strdup(j->str);
		} else if (which == 3 && dbl(t, j, &line) < 0)
			line = -1;
		if (json_skip(j, t) < 0)
			break;
	}
	if (name == NULL)
		sswarn(S, "shared.frames[%zu]: no \"name\"", S->nf);
	collapse_frame(b, name != NULL ? name : "?",
	    name != NULL ? strlen(name) : 1);
	if (S->o->lines && file != NULL && file[0] != '\0') {
		buf_put(b, " ", 1);
		collapse_frame(b, file, strlen(file));
		if (line >= 0 && line < 1e15) {
			snprintf(num, sizeof(num), ":%.0f", line);
			buf_put(b, num, strlen(num));
		}
	}
	S->flen[S->nf] = b->len - S->fname[S->nf];
	S->nf++;
	free(name);
	free(file);
	return t == JSON_OBJ_END ? 0 : -1;
}

static int
shared(struct ss *S, struct json *j, enum json_tok t)
{
	if (t != JSON_OBJ)
		return json_skip(j, t);
	while ((t = json_next(j)) == JSON_KEY) {
		if (strcmp(j->str, "frames") == 0) {
			if ((t = json_next(j)) != JSON_ARR) {
				if (json_skip(j, t) < 0)
					return -1;
				continue;
			}
			while ((t = json_next(j)) != JSON_ARR_END)
				if (t == JSON_ERR || frame(S, j, t) < 0)
					return -1;
		} else if (json_skip(j, json_next(j)) < 0)
			return -1;
	}
	return t == JSON_OBJ_END ? 0 : -1;
}

/* The weights of a sampled profile, in output units. */
static double *
weights(struct ss *S, struct prof *p, size_t *n)
{
	struct json *j = &p->weights;
	enum json_tok t;
	double *w = NULL, d;
	size_t cap = 0;

	*n = 0;
	if (j->s == NULL || (t = json_next(j)) != JSON_ARR) {
		sswarn(S, "no \"weights\" array: counting samples");
		return NULL;
	}
	while ((t = json_next(j)) != JSON_ARR_END && t != JSON_ERR) {
		if (dbl(t, j, &d) < 0) {
			sswarn(S, "weights[%zu]: not a number; taken as 0", *n);
			d = 0;
			(void)json_skip(j, t);
		}
		if (*n == cap) {
			cap = cap ? cap * 2 : 256;
			w = fg_reallocarray(w, cap, sizeof(*w));
		}
		w[(*n)++] = d * p->scale;
	}
	return w;
}

/* One sample: frame indices, root first, appended to b; -1 if bad. */
static int
sample(struct ss *S, struct json *j, struct buf *b, size_t *nfr)
{
	enum json_tok t;
	double k;
	int bad = 0;

	*nfr = 0;
	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t == JSON_ERR)
			return -1;
		if (dbl(t, j, &k) < 0 || ss_push(S, b, k) < 0) {
			bad = 1;
			if (json_skip(j, t) < 0)
				return -1;
		} else
			(*nfr)++;
	}
	return bad ? -1 : 0;
}

static void
sampled(struct ss *S, struct prof *p, const struct buf *root)
{
	struct json *j = &p->samples;
	struct buf b = { NULL, 0, 0 };
	enum json_tok t;
	double *w = NULL;
	size_t nw = 0, i, nfr;
	uint64_t nadded = 0;
	int bytime = S->o->cpuprof_time;
	double sw = 0, sw2 = 0, wi;

	if (bytime)
		w = weights(S, p, &nw);
	if (j->s == NULL || (t = json_next(j)) != JSON_ARR) {
		sswarn(S, "no \"samples\" array");
		free(w);
		return;
	}
	for (i = 0; (t = json_next(j)) != JSON_ARR_END; i++) {
		if (t == JSON_ERR)
			break;
		b.len = 0;
		buf_put(&b, root->p, root->len);
		if (t != JSON_ARR) {
			sswarn(S, "samples[%zu]: not an array; skipped", i);
			if (json_skip(j, t) < 0)
				break;
		} else if (sample(S, j, &b, &nfr) < 0)
			sswarn(S, "samples[%zu]: not a frame index; skipped", i);
		else if (nfr > 0) {
			wi = w == NULL ? 1 : i < nw ? w[i] : 0;
			nadded += ss_add(S, &b, wi, w != NULL && p->time);
			if (wi > 0 && isfinite(wi)) {
				sw += wi;
				sw2 += wi * wi;
			}
		}
	}
	if (w == NULL)
		collapse_unit(S->o, "samples", 7);
	else
		ss_weightunit(S, p);
	collapse_samples(S->o, nadded);
	/*
	 * Weighted samples: the effective samples. speedscope merges
	 * consecutive identical samples into one with their summed weight,
	 * so an entry may stand for many ticks: fewer effective samples than
	 * ticks, a conservative test.
	 */
	if (w != NULL)
		collapse_weights(S->o, sw, sw2);
	if (w != NULL && nw != i)
		sswarn(S, "%zu weights for %zu samples", nw, i);
	free(w);
	free(b.p);
}

/* One event's members: 'O' or 'C' (0 when bad), frame, at. */
static int
event(struct json *j, enum json_tok t, char *type, double *fr, double *at)
{
	int which, got = 0;

	*type = 0;
	if (t != JSON_OBJ)
		return json_skip(j, t);
	while ((t = json_next(j)) == JSON_KEY) {
		which = strcmp(j->str, "type") == 0 ? 1 :
		    strcmp(j->str, "frame") == 0 ? 2 :
		    strcmp(j->str, "at") == 0 ? 3 : 0;
		t = json_next(j);
		if (which == 1 && t == JSON_STR && j->len == 1 &&
		    (j->str[0] == 'O' || j->str[0] == 'C')) {
			*type = j->str[0];
			got |= 1;
		} else if (which == 2 && dbl(t, j, fr) == 0)
			got |= 2;
		else if (which == 3 && dbl(t, j, at) == 0)
			got |= 4;
		if (json_skip(j, t) < 0)
			return -1;
	}
	if (got != 7)
		*type = 0;
	return t == JSON_OBJ_END ? 0 : -1;
}

static void
evented(struct ss *S, struct prof *p, const struct buf *root)
{
	struct json *j = &p->events;
	struct buf b = { NULL, 0, 0 };
	struct open o = { NULL, NULL, 0, 0 };
	enum json_tok t;
	double fr = 0, at = 0, last = -INFINITY;
	size_t i;
	char type;

	ss_weightunit(S, p);
	collapse_samples(S->o, COLLAPSE_UNKNOWN);	/* times, not samples */
	if (j->s == NULL || (t = json_next(j)) != JSON_ARR) {
		sswarn(S, "no \"events\" array");
		return;
	}
	buf_put(&b, root->p, root->len);
	for (i = 0; (t = json_next(j)) != JSON_ARR_END; i++) {
		if (t == JSON_ERR || event(j, t, &type, &fr, &at) < 0)
			break;
		if (type == 0)
			sswarn(S, "events[%zu]: not an event with type O or C, "
			    "frame and at; ignored", i);
		else
			ss_apply(S, p, &o, &b, i, type, fr, at, &last);
	}
	if (o.n > 0)
		sswarn(S, "%zu frames still open at the last event", o.n);
	free(o.len);
	free(o.fr);
	free(b.p);
}

/* Microseconds per unit for times; 1 for other units. */
static double
unitscale(const char *u)
{
	return strcmp(u, "seconds") == 0 ? 1e6 :
	    strcmp(u, "milliseconds") == 0 ? 1e3 :
	    strcmp(u, "nanoseconds") == 0 ? 1e-3 : 1;
}

/* A profile's members; its arrays are located, read later. */
static int
profmembers(struct json *j, struct prof *p)
{
	enum json_tok t;
	struct json *at;
	int which;

	memset(p, 0, sizeof(*p));
	p->scale = 1;
	while ((t = json_next(j)) == JSON_KEY) {
		which = strcmp(j->str, "type") == 0 ? 1 :
		    strcmp(j->str, "name") == 0 ? 2 :
		    strcmp(j->str, "unit") == 0 ? 3 : 0;
		at = strcmp(j->str, "samples") == 0 ? &p->samples :
		    strcmp(j->str, "weights") == 0 ? &p->weights :
		    strcmp(j->str, "events") == 0 ? &p->events : NULL;
		if (at != NULL) {
			json_free(at);
			json_sub(at, j);
		}
		t = json_next(j);
		if (which == 1 && t == JSON_STR)
			snprintf(p->type, sizeof(p->type), "%s", j->str);
		else if (which == 2 && t == JSON_STR) {
			free(p->name);
			p->name = fg_strdup(j->str);
		} else if (which == 3 && t == JSON_STR) {
			p->scale = unitscale(j->str);
			p->time = p->scale != 1 ||
			    strcmp(j->str, "microseconds") == 0;
			p->bytes = strcmp(j->str, "bytes") == 0;
		}
		if (json_skip(j, t) < 0)
			return -1;
	}
	return t == JSON_OBJ_END ? 0 : -1;
}

static int
wanted(const struct copts *o, const char *name, size_t idx)
{
	char num[32];

	snprintf(num, sizeof(num), "%zu", idx);
	return collapse_selected(o->threads, o->nthreads, name, num);
}

static void
profile(struct ss *S, struct prof *p)
{
	struct buf root = { NULL, 0, 0 };
	char num[32];

	S->pname = p->name != NULL ? p->name : "unnamed";
	if (S->nprof > 1) {
		if (p->name != NULL && p->name[0] != '\0')
			collapse_frame(&root, p->name, strlen(p->name));
		else {
			snprintf(num, sizeof(num), "profile %zu", S->pidx);
			buf_put(&root, num, strlen(num));
		}
	}
	if (strcmp(p->type, "sampled") == 0)
		sampled(S, p, &root);
	else if (strcmp(p->type, "evented") == 0)
		evented(S, p, &root);
	else
		sswarn(S, "type \"%s\" is neither sampled nor evented; "
		    "skipped", p->type);
	free(root.p);
	S->pname = NULL;
}

/* The "profiles" array, twice: to count them, then to read them. */
static void
profiles(struct ss *S, struct json *cnt, struct json *j)
{
	struct prof p;
	enum json_tok t;

	if (json_next(cnt) != JSON_ARR || json_next(j) != JSON_ARR) {
		sswarn(S, "\"profiles\" is not an array");
		return;
	}
	while ((t = json_next(cnt)) != JSON_ARR_END && t != JSON_ERR &&
	    json_skip(cnt, t) == 0)
		S->nprof++;
	for (S->pidx = 0; (t = json_next(j)) != JSON_ARR_END; S->pidx++) {
		if (t == JSON_ERR)
			break;
		if (t != JSON_OBJ) {
			sswarn(S, "profiles[%zu]: not an object", S->pidx);
			if (json_skip(j, t) < 0)
				break;
			continue;
		}
		if (profmembers(j, &p) == 0 && wanted(S->o, p.name, S->pidx))
			profile(S, &p);
		json_free(&p.samples);
		json_free(&p.weights);
		json_free(&p.events);
		free(p.name);
	}
}

static void
readfile(struct ss *S, struct json *j)
{
	struct json cnt, pr;
	enum json_tok t;
	int has = 0;

	if ((t = json_next(j)) != JSON_OBJ) {
		if (t == JSON_ERR)
			jsonerr(S, j);
		else
			sswarn(S, "not a JSON object: not a speedscope file");
		return;
	}
	memset(&pr, 0, sizeof(pr));
	memset(&cnt, 0, sizeof(cnt));
	while ((t = json_next(j)) == JSON_KEY) {
		if (strcmp(j->str, "shared") == 0) {
			if (shared(S, j, json_next(j)) < 0)
				break;
			continue;
		}
		if (strcmp(j->str, "profiles") == 0 && !has) {
			json_sub(&cnt, j);
			json_sub(&pr, j);
			has = 1;
		}
		if (json_skip(j, json_next(j)) < 0)
			break;
	}
	if (t != JSON_OBJ_END || json_next(j) == JSON_ERR)
		jsonerr(S, j);
	if (has)
		profiles(S, &cnt, &pr);
	else
		sswarn(S, "no \"profiles\": not a speedscope file");
	json_free(&cnt);
	json_free(&pr);
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct ss S;
	struct json j;
	char *text;
	size_t len;

	memset(&S, 0, sizeof(S));
	S.in = in;
	S.o = o;
	S.tab = tab;
	text = in_slurp(in, &len);
	json_init(&j, text, len);
	readfile(&S, &j);
	json_free(&j);
	free(text);
	free(S.names.p);
	free(S.fname);
	free(S.flen);
}

/* speedscope's schema URL, or "shared" and "profiles", in a JSON object. */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	size_t i = collapse_json_start(head, n);
	int sh, pr;

	if (i >= n || head[i] != '{')
		return 0;
	if (fg_memmem(head, n, "speedscope.app/file-format-schema", 33))
		return PROBE_YES;
	sh = fg_memmem(head, n, "\"shared\"", 8) != NULL;
	pr = fg_memmem(head, n, "\"profiles\"", 10) != NULL;
	return probe_json_keys(why, sh, pr, "shared", "profiles");
}

const struct cfmt fmt_speedscope = {
	"speedscope", "speedscope JSON (py-spy, rbspy, austin, speedscope)",
	probe, run, 0
};
