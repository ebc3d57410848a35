/* SPDX-License-Identifier: ISC */
/*
 * carry.h: which values of the inputs' headers a tool that sums or
 * compares streams may carry into its own header (carry.c): what a count
 * is and its period, when every input says the same, and each input's
 * number of samples.
 */
#ifndef FG_CARRY_H
#define FG_CARRY_H

struct fg_carry {
	char *unit, *period;	/* agreed by every input so far, or NULL */
	int nounit, noperiod;	/* an input lacked it or disagreed */
	char *samples[2];	/* inputs 0 and 1's samples=, or NULL */
};

/* Input i's first "# fg-" header line, or NULL when it has none. */
void fg_carry_add(struct fg_carry *c, int i, const char *header);
/* The agreed unit= and period= (NULL when not every input agreed). */
const char *fg_carry_unit(const struct fg_carry *c);
const char *fg_carry_period(const struct fg_carry *c);
void fg_carry_free(struct fg_carry *c);

#endif
