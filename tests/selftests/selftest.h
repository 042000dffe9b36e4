/* SPDX-License-Identifier: MIT */
/*
 * What the nvpm selftests share: TAP output, the simulated chips they know,
 * the --expect list, the open render nodes, kmemleak.
 */
#ifndef __NVPM_SELFTEST_H__
#define __NVPM_SELFTEST_H__
#include <stdbool.h>
#include <stddef.h>
#include <libnvpm.h>

extern const unsigned long nvpm_ioctls[];
extern const size_t nvpm_nr_ioctls;

#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define MAX_DEVS		(NVPM_RENDER_MINOR_LAST - NVPM_RENDER_MINOR_FIRST + 1)

/*
 * PCOUNTER generations, ranked in the order the hardware appeared.  The
 * rank, not the chipset number, decides which capabilities a chip has
 * (GT215 is 0xa3, below the G92-generation MCP77 at 0xaa).
 */
enum gen {
	GEN_NV10,
	GEN_NV15,
	GEN_NV20,
	GEN_NV30,
	GEN_NV40,	/* includes G80 */
	GEN_G84,
	GEN_G92,
	GEN_GT215,
	GEN_GF100,
	GEN_GK104,
	GEN_END,
};

struct chip {
	const char *name;
	__u32 chipset;
	__u32 card_type;
	enum gen gen;
};

bool gen_in(enum gen g, enum gen from, enum gen to);
__u64 gen_caps(enum gen g);
const struct chip *chip_find(const char *name);

/* ---- TAP ---- */

enum result { PASS, FAIL, SKIP };

/**
 * struct ctx - state shared by the tests
 * @devs: every nvpm render node, in minor order, open
 * @nr_devs: number of @devs
 * @expect: the --expect names
 * @nr_expect: number of @expect, -1 without --expect
 * @why: reason of the current test's failure or skip
 */
struct ctx {
	struct nvpm_dev devs[MAX_DEVS];
	int nr_devs;
	char **expect;
	int nr_expect;
	char why[256];
};

typedef enum result (*test_fn)(struct ctx *ctx);

void __printf(1, 2) diag(const char *fmt, ...);
enum result __printf(3, 4) result(struct ctx *ctx, enum result res, const char *fmt, ...);

#define fail(ctx, ...)	result(ctx, FAIL, __VA_ARGS__)
#define skip(ctx, ...)	result(ctx, SKIP, __VA_ARGS__)

void tap_plan(int n);
void tap_report(struct ctx *ctx, const char *name, enum result res);
void run(struct ctx *ctx, const char *name, test_fn fn);
int tap_summary(void);

/* ---- devices and arguments ---- */

int parse_expect(struct ctx *ctx, char *list);
void open_devs(struct ctx *ctx);
void close_devs(struct ctx *ctx);
const struct nvpm_dev *first_dev(struct ctx *ctx);
const struct chip *dev_chip(struct ctx *ctx, int idx);

/* ---- helpers ---- */

int raw_ioctl(int fd, unsigned long cmd, void *arg);
const char *err_name(int ret);
int count_fds(void);
double now_us(void);

int kmemleak_start(void);
int kmemleak_nvpm_leaks(void);
enum result kmemleak_result(struct ctx *ctx, int km);

#endif /* __NVPM_SELFTEST_H__ */
