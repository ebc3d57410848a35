/* SPDX-License-Identifier: ISC */
/*
 * unit.c: what fg-collapse's counts are, for its header (write.c writes
 * it): the unit, the period (count units per sample) and the number of
 * samples, as each input's format states them. A value is kept only when
 * every input states it, all alike (the samples summed): an input that
 * says nothing, or says otherwise, leaves it unsaid.
 */
#include <string.h>

#include "collapse.h"

void
collapse_unit(const struct copts *o, const char *unit, size_t len)
{
	struct cstate *s;

	if (o->unit == NULL)
		return;
	s = &o->unit->in;
	if (s->nounit)
		return;
	if (len == 0 || len >= sizeof(s->name) || (s->name[0] != '\0' &&
	    (strlen(s->name) != len || memcmp(s->name, unit, len) != 0))) {
		s->nounit = 1;	/* unnamed, too long or two units */
		return;
	}
	memcpy(s->name, unit, len);
	s->name[len] = '\0';
}

void
collapse_period(const struct copts *o, uint64_t period)
{
	struct cstate *s;

	if (o->unit == NULL)
		return;
	s = &o->unit->in;
	if (period == 0 || (s->period != 0 && s->period != period))
		s->noperiod = 1;
	else
		s->period = period;
}

void
collapse_samples(const struct copts *o, uint64_t n)
{
	struct cstate *s;

	if (o->unit == NULL)
		return;
	s = &o->unit->in;
	if (n == COLLAPSE_UNKNOWN || s->samples > UINT64_MAX - 1 - n)
		s->nosamples = 1;
	else {
		s->samples += n;
		s->hassamples = 1;
	}
}

/* Whether state s names each value: the unit, period and samples. */
static void
known(struct cstate *s)
{
	if (s->nounit || s->name[0] == '\0') {
		s->nounit = 1;
		s->name[0] = '\0';
	}
	if (s->noperiod || s->period == 0) {
		s->noperiod = 1;
		s->period = 0;
	}
	if (s->nosamples || !s->hassamples) {
		s->nosamples = 1;
		s->samples = 0;
	}
}

void
collapse_unit_end(const struct copts *o)
{
	struct cunit *u = o->unit;
	struct cstate *a = &u->all, *s = &u->in;

	known(s);
	if (u->ninputs++ == 0) {
		*a = *s;
		memset(s, 0, sizeof(*s));
		return;
	}
	if (s->nounit || strcmp(a->name, s->name) != 0) {
		a->nounit = 1;
		a->name[0] = '\0';
	}
	if (s->noperiod || a->period != s->period) {
		a->noperiod = 1;
		a->period = 0;
	}
	if (s->nosamples || a->samples > UINT64_MAX - 1 - s->samples) {
		a->nosamples = 1;
		a->samples = 0;
	} else
		a->samples += s->samples;
	memset(s, 0, sizeof(*s));
}
