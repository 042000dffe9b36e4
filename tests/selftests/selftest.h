/* SPDX-License-Identifier: MIT */
/*
 * What the nvpm selftests share, apart from the harness (harness.h): the
 * simulated chips they know, the --expect list, the render nodes each
 * test's fixture opens, the driver's ioctls, kmemleak, the simulator's
 * dropped cycles.
 */
#ifndef __NVPM_SELFTEST_H__
#define __NVPM_SELFTEST_H__
#include <stdbool.h>
#include <stddef.h>
#include <libnvpm.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

extern const unsigned long nvpm_ioctls[];
extern const size_t nvpm_nr_ioctls;

#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define MAX_DEVS		(NVPM_RENDER_MINOR_LAST - NVPM_RENDER_MINOR_FIRST + 1)
/*
 * How long a test waits for a submission at most: a bound for a model
 * that hangs, never a speed target (a loaded TCG host may take seconds).
 */
#define WAIT_NS			(120ull * 1000 * 1000 * 1000)

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

/* ---- devices and arguments ---- */

extern char **nvpm_expect;
extern int nvpm_nr_expect;

/**
 * struct nodes - what every test's fixture opens
 * @devs: every nvpm render node, in minor order, open
 * @nr_devs: number of @devs
 * @t0_us: when the fixture was set up (now_us()), for the timing line
 */
struct nodes {
	struct nvpm_dev devs[MAX_DEVS];
	int nr_devs;
	double t0_us;
};

void __printf(1, 2) diag(const char *fmt, ...);
int parse_expect(char *list);
void nodes_scan(void);
void nodes_open(struct nodes *nodes);
void nodes_close(struct nodes *nodes, const char *name);
const struct nvpm_dev *first_dev(const struct nodes *nodes);
const struct chip *dev_chip(const struct nodes *nodes, int idx);
const char *expect_name(int idx);

/* ---- helpers ---- */

int raw_ioctl(int fd, unsigned long cmd, void *arg);
const char *err_name(int ret);
int count_fds(void);
double now_us(void);
unsigned long long sim_dropped(const struct nvpm_dev *dev);
bool kernel_has_perf(void);

int kmemleak_start(void);
int kmemleak_nvpm_leaks(void);

#endif /* __NVPM_SELFTEST_H__ */
