/* SPDX-License-Identifier: ISC */
/*
 * cost.h: --cost VCPUS:PRICE (read by cost.c): a share of the samples as
 * money per year, share x VCPUS x PRICE per vCPU-hour x 8760 (fg-top,
 * fg-svg).
 */
#ifndef FG_COST_H
#define FG_COST_H

#include <stddef.h>

struct fg_cost {
	double vcpus, price;
	int on;			/* the option was given */
};
#define FG_COST_HELP_TEXT \
    "add the yearly cost of each share:\n" \
    "                         share x VCPUS x PRICE per vCPU-hour x 8760\n"
/* Parses VCPUS:PRICE (both above 0; fatal otherwise) and sets on. */
void fg_cost_parse(struct fg_cost *c, const char *arg);
/*
 * A share s of the samples of VCPUS busy vCPUs at PRICE per vCPU-hour
 * costs s x VCPUS x PRICE x 8760 a year.
 */
static inline double
fg_cost_year(const struct fg_cost *c, double share)
{
	return share * c->vcpus * c->price * 8760;
}

#endif
