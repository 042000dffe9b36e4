// SPDX-License-Identifier: MIT
/*
 * KUnit (nouveau 6.12): nvpm's perfmon engine in nouveau's device, and
 * nvpm's counter ioctls on nouveau's render node, over nvpm's simulated
 * GPU.
 *
 * Each case builds a nouveau device with nvkm_device_ctor() whose
 * registers are the simulated GPU (the test-only MMIO hook; the hook
 * builds none of the chipset's own subdevs, so the device holds nvpm's
 * engine only), and calls the ioctl entries nouveau's table names
 * (nouveau_nvpm.c) as drm_ioctl() does: the argument struct copied into
 * the kernel, the arrays it points at in user memory (kunit_vm_mmap()).
 * The DRM device is a bare one whose private data is a nouveau_drm with
 * the device; the file's driver_priv is a nouveau_cli, and the cli's
 * release is nouveau_nvpm_cli_fini(), which nouveau_cli_fini() calls.
 *
 * Expected values come from the reference, stated by hand: PGRAPH.IDLE
 * is signal 0xbd of domain 1 on G84 and 0xcb on GT215; the simulated
 * PGRAPH is busy NVT_GR_BUSY% of the time; a logic op of 0xffff is true
 * on every cycle, 0x0000 on none, and 0xaaaa follows a counter's first
 * signal.
 */
#include <kunit/test.h>
#include <linux/cred.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/mman.h>
#include <linux/uaccess.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>

#include <engine/device/priv.h>
#include <engine/pm.h>

#include "nouveau_drv.h"
#include "nouveau_nvpm.h"

#include <nvpm_host.h>
#include <nvpm_host_owned.h>

#define NVT_GR_BUSY	35	/* % of the time the simulated PGRAPH works */

/**
 * struct nvt_chip - a simulated chip and what the reference says of it
 * @name: nvpm's name of it
 * @chipset: PMC_BOOT_0's chipset
 * @gr_idle: PGRAPH.IDLE in domain 1, or -1 where the reference has none
 */
struct nvt_chip {
	const char *name;
	u32 chipset;
	int gr_idle;
};

static const struct nvt_chip nvt_chips[] = {
	{ "G84", 0x84, 0xbd },
	{ "GT215", 0xa3, 0xcb },
	{ "GF100", 0xc0, -1 },
	{ "GK104", 0xe4, -1 },
};

static void
nvt_chip_desc(const struct nvt_chip *chip, char *desc)
{
	strscpy(desc, chip->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(nvt_chip, nvt_chips, nvt_chip_desc);

/**
 * struct nvt - one case's device, DRM device and file
 * @test: the case
 * @chip: its chip
 * @root: the parent of the DRM device
 * @sim: the simulated GPU
 * @device: nouveau's device over it
 * @drm: the DRM device, with @ndrm as its private data
 * @ndrm: as far as nouveau_nvpm.c needs one
 * @cli: the file's client
 * @file: the file
 * @ubuf: NVT_UBUF bytes of user memory
 * @watch: check every write against what perfmon owns
 * @w: what the watch saw
 */
struct nvt {
	struct kunit *test;
	const struct nvt_chip *chip;
	struct device *root;
	struct nvpm_sim_gpu *sim;
	struct nvkm_device *device;
	struct drm_device *drm;
	struct nouveau_drm *ndrm;
	struct nouveau_cli cli;
	struct drm_file file;
	unsigned long ubuf;
	bool watch;
	struct nvpm_host_watch w;
};

#define NVT_UBUF	(64 * 1024)

static u32
nvt_rd32(void *priv, u32 addr)
{
	struct nvt *t = priv;

	return nvpm_sim_gpu_rd32(t->sim, addr);
}

static void
nvt_wr32(void *priv, u32 addr, u32 data)
{
	struct nvt *t = priv;

	if (t->watch)
		nvpm_host_watch_write(&t->w, addr, nvpm_sim_gpu_rd32(t->sim, addr), data);
	nvpm_sim_gpu_wr32(t->sim, addr, data);
}

/* None of the chipset's subdevs: nvpm's engine is built after them. */
static const struct nvkm_device_mmio_hook nvt_hook = {
	.rd32 = nvt_rd32,
	.wr32 = nvt_wr32,
	.subdevs = 0,
};

static void *
nvt_device_dtor(struct nvkm_device *device)
{
	return device;
}

static resource_size_t
nvt_resource_addr(struct nvkm_device *device, unsigned int bar)
{
	return 0;
}

static resource_size_t
nvt_resource_size(struct nvkm_device *device, unsigned int bar)
{
	return bar ? 0 : 0x1000000;
}

static const struct nvkm_device_func nvt_device_func = {
	.dtor = nvt_device_dtor,
	.resource_addr = nvt_resource_addr,
	.resource_size = nvt_resource_size,
};

static const struct drm_driver nvt_drm_driver = {
	.name = "nvt",
	.desc = "nouveau nvpm test",
	.major = 1,
};

static void
nvt_free(void *data)
{
	struct nvt *t = data;

	nouveau_nvpm_cli_fini(&t->cli);
	if (t->drm)
		drm_dev_put(t->drm);
	kfree(t->ndrm);
	nvkm_device_del(&t->device);
	nvpm_sim_gpu_del(&t->sim);
	if (t->root)
		root_device_unregister(t->root);
	kfree(t);
}

static atomic64_t nvt_handles = ATOMIC64_INIT(0x4e565400);

/* A nouveau device over a simulated GPU, and a file of its DRM device. */
static struct nvt *
nvt_new(struct kunit *test, bool nvpm)
{
	const struct nvt_chip *chip = test->param_value;
	u64 handle = atomic64_inc_return(&nvt_handles);
	char name[32];
	struct nvt *t;
	int ret;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nvt_free, t), 0);
	t->test = test;
	t->chip = chip;
	mutex_init(&t->cli.mutex);

	snprintf(name, sizeof(name), "nvt-%llx", handle);
	t->root = __root_device_register(name, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t->root));
	t->sim = nvpm_sim_gpu_new(chip->chipset, NVT_GR_BUSY);
	KUNIT_ASSERT_NOT_NULL(test, t->sim);

	t->device = kzalloc(sizeof(*t->device), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->device);
	t->device->mmio_hook = &nvt_hook;
	t->device->mmio_hook_priv = t;
	nvkm_nvpm_enable = nvpm;
	ret = nvkm_device_ctor(&nvt_device_func, NULL, t->root, NVKM_DEVICE_PCI,
			       handle, name, NULL, NULL, t->device);
	nvkm_nvpm_enable = true;
	KUNIT_ASSERT_EQ(test, ret, 0);

	t->drm = drm_dev_alloc(&nvt_drm_driver, t->root);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t->drm));
	t->ndrm = kzalloc(sizeof(*t->ndrm), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->ndrm);
	t->ndrm->nvkm = t->device;
	t->ndrm->dev = t->drm;
	t->drm->dev_private = t->ndrm;
	t->cli.drm = t->ndrm;
	t->file.driver_priv = &t->cli;

	t->ubuf = kunit_vm_mmap(test, NULL, 0, NVT_UBUF, PROT_READ | PROT_WRITE,
				MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR_VALUE(t->ubuf));
	return t;
}

static void __user *
nvt_user(struct nvt *t, unsigned long offset)
{
	return (void __user *)(t->ubuf + offset);
}

/* The entries nouveau's ioctl table gives nvpm's counter ioctls. */
#define nvt_ioctl(t, name, args) ({ \
	struct nvt *_t = (t); \
	nouveau_nvpm_ioctl_##name(_t->drm, (args), &_t->file); \
})

static int
nvt_get_info(struct nvt *t, struct drm_nvpm_get_info *info)
{
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	return nvt_ioctl(t, get_info, info);
}

/* The file's domains, through user memory at offset 0. */
static int
nvt_domains(struct nvt *t, struct drm_nvpm_domain *dom, u32 max)
{
	struct drm_nvpm_query_domains q = { .size = sizeof(q) };
	int ret;

	ret = nvt_ioctl(t, query_domains, &q);
	if (ret)
		return ret;
	if (q.count > max || q.count * sizeof(*dom) > NVT_UBUF)
		return -E2BIG;
	q.domains = t->ubuf;
	ret = nvt_ioctl(t, query_domains, &q);
	if (ret)
		return ret;
	if (copy_from_user(dom, nvt_user(t, 0), q.count * sizeof(*dom)))
		return -EFAULT;
	return q.count;
}

/* A group on @dom: counter 0 follows @signal, counter 1 every cycle. */
static void
nvt_group_args(struct drm_nvpm_group_create *g, u32 dom, u8 signal, u16 op0)
{
	memset(g, 0, sizeof(*g));
	g->size = sizeof(*g);
	g->domain = dom;
	g->mode = NVPM_MODE_QUAD;
	g->nr_counters = 3;
	g->counter[0].signal[0] = signal;
	g->counter[0].logic_op = op0;
	g->counter[1].logic_op = 0xffff;
	g->counter[2].logic_op = 0x0000;
}

static int
nvt_sample(struct nvt *t)
{
	struct drm_nvpm_sample s = { .size = sizeof(s) };

	return nvt_ioctl(t, sample, &s);
}

static int
nvt_read(struct nvt *t, u32 handle, struct drm_nvpm_read *r)
{
	memset(r, 0, sizeof(*r));
	r->size = sizeof(*r);
	r->handle = handle;
	return nvt_ioctl(t, read, r);
}

/* Engine references held on the device's nvpm engine. */
static unsigned int
nvt_engine_refs(struct nvt *t)
{
	return refcount_read(&t->device->pm->subdev.use.refcount);
}

/*
 * The device constructor builds nvpm's engine on each chipset nvpm drives
 * and nouveau.nvpm=0 leaves it out; the engine stays down until a file
 * uses it, and the file's release lets it go.
 */
static void
nouveau_nvpm_engine_in_device(struct kunit *test)
{
	struct drm_nvpm_get_info info;
	struct nvt *t;

	t = nvt_new(test, false);
	KUNIT_EXPECT_NULL(test, t->device->pm);
	KUNIT_EXPECT_EQ(test, nvt_get_info(t, &info), -ENODEV);

	t = nvt_new(test, true);
	KUNIT_ASSERT_NOT_NULL(test, t->device->pm);
	KUNIT_EXPECT_EQ(test, nvt_engine_refs(t), 0U);
	KUNIT_EXPECT_NULL(test, t->cli.nvpm);
	KUNIT_ASSERT_EQ(test, nvt_get_info(t, &info), 0);
	KUNIT_EXPECT_NOT_NULL(test, t->cli.nvpm);
	KUNIT_EXPECT_EQ(test, nvt_engine_refs(t), 1U);
	/* a second call uses the same state */
	KUNIT_ASSERT_EQ(test, nvt_get_info(t, &info), 0);
	KUNIT_EXPECT_EQ(test, nvt_engine_refs(t), 1U);
	nouveau_nvpm_cli_fini(&t->cli);
	KUNIT_EXPECT_NULL(test, t->cli.nvpm);
	KUNIT_EXPECT_EQ(test, nvt_engine_refs(t), 0U);
}

/* GET_INFO and the queries, arrays in user memory. */
static void
nouveau_nvpm_queries(struct kunit *test)
{
	struct nvt *t = nvt_new(test, true);
	const struct nvt_chip *chip = t->chip;
	struct drm_nvpm_query_signals qs = { .size = sizeof(qs) };
	struct drm_nvpm_signal *sig;
	struct drm_nvpm_get_info info;
	struct drm_nvpm_domain *dom;
	int n, i;
	bool found = false;

	KUNIT_ASSERT_EQ(test, nvt_get_info(t, &info), 0);
	KUNIT_EXPECT_EQ(test, info.version, NVPM_UAPI_VERSION);
	KUNIT_EXPECT_EQ(test, info.chipset, chip->chipset);
	KUNIT_EXPECT_EQ(test, info.flags, (u32)NVPM_INFO_HOSTED);
	KUNIT_EXPECT_STREQ(test, info.name, chip->name);

	dom = kunit_kcalloc(test, 64, sizeof(*dom), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, dom);
	n = nvt_domains(t, dom, 64);
	KUNIT_ASSERT_GT(test, n, 1);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, dom[i].id, (u32)i);
		KUNIT_EXPECT_GT(test, dom[i].nr_counters, 0U);
	}
	if (chip->gr_idle < 0)
		return;

	/* domain 1 names PGRAPH.IDLE at the reference's number */
	qs.domain = 1;
	KUNIT_ASSERT_EQ(test, nvt_ioctl(t, query_signals, &qs), 0);
	KUNIT_ASSERT_GT(test, qs.count, 0U);
	KUNIT_ASSERT_LE(test, qs.count * sizeof(*sig), (size_t)NVT_UBUF);
	qs.signals = t->ubuf;
	KUNIT_ASSERT_EQ(test, nvt_ioctl(t, query_signals, &qs), 0);
	sig = kunit_kcalloc(test, qs.count, sizeof(*sig), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sig);
	KUNIT_ASSERT_EQ(test, copy_from_user(sig, nvt_user(t, 0), qs.count * sizeof(*sig)), 0UL);
	for (i = 0; i < qs.count; i++)
		if (sig[i].signal == chip->gr_idle)
			found = true;
	KUNIT_EXPECT_TRUE_MSG(test, found, "signal 0x%x not listed", chip->gr_idle);
}

/*
 * A counter group counts through nouveau's entries: a logic op of 0xffff
 * counts every cycle the domain counted, 0x0000 none; on G84 and GT215,
 * PGRAPH.IDLE under 0xaaaa counts the cycles the simulated PGRAPH idles.
 * Every write reaches registers a perfmon engine owns.
 */
static void
nouveau_nvpm_counts(struct kunit *test)
{
	struct nvt *t = nvt_new(test, true);
	const struct nvt_chip *chip = t->chip;
	struct drm_nvpm_group_create g;
	struct drm_nvpm_group_destroy d = { .size = sizeof(d) };
	struct drm_nvpm_read r;
	int gr = chip->gr_idle;
	u64 idle;
	int i;

	t->watch = true;
	nvt_group_args(&g, gr < 0 ? 0 : 1, gr < 0 ? 0 : gr, 0xaaaa);
	KUNIT_ASSERT_EQ(test, nvt_ioctl(t, group_create, &g), 0);
	KUNIT_EXPECT_EQ(test, g.handle, 1U);
	for (i = 0; i < 3; i++) {
		usleep_range(2000, 3000);
		KUNIT_ASSERT_EQ(test, nvt_sample(t), 0);
	}
	KUNIT_ASSERT_EQ(test, nvt_read(t, g.handle, &r), 0);
	KUNIT_EXPECT_EQ(test, r.flags, 0U);
	KUNIT_EXPECT_EQ(test, r.samples, 3ULL);
	KUNIT_EXPECT_GT(test, r.cycles, 0ULL);
	KUNIT_EXPECT_EQ(test, r.value[1], r.cycles);
	KUNIT_EXPECT_EQ(test, r.value[2], 0ULL);
	if (gr >= 0 && r.cycles >= 1000) {
		idle = div64_u64(r.value[0] * 100, r.cycles);
		KUNIT_EXPECT_GE(test, idle, (u64)(100 - NVT_GR_BUSY - 5));
		KUNIT_EXPECT_LE(test, idle, (u64)(100 - NVT_GR_BUSY + 5));
	}
	d.handle = g.handle;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, group_destroy, &d), 0);
	t->watch = false;

	KUNIT_EXPECT_GT(test, t->w.writes, 0U);
	for (i = 0; i < min(t->w.strays, NVPM_HOST_WATCH_STRAYS); i++)
		kunit_info(test, "stray write 0x%08x to 0x%06x\n",
			   t->w.stray[i][1], t->w.stray[i][0]);
	KUNIT_EXPECT_EQ(test, t->w.strays, 0U);
}

static struct cred *
nvt_cred_unprivileged(struct kunit *test)
{
	struct cred *cred = prepare_creds();

	KUNIT_ASSERT_NOT_NULL(test, cred);
	cap_lower(cred->cap_effective, CAP_PERFMON);
	cap_lower(cred->cap_effective, CAP_SYS_ADMIN);
	return cred;
}

/*
 * Bad input gets nvpm's node's codes and changes nothing: no handle is
 * used up, the file's next group is handle 1.  Counter groups need
 * CAP_PERFMON, as on nvpm's node (nvpm loaded with unprivileged=0).
 */
static void
nouveau_nvpm_refusals(struct kunit *test)
{
	struct nvt *t = nvt_new(test, true);
	struct drm_nvpm_query_domains qd = { .size = sizeof(qd) };
	struct drm_nvpm_query_signals qs = { .size = sizeof(qs) };
	struct drm_nvpm_group_destroy d = { .size = sizeof(d) };
	struct drm_nvpm_sample s = { .size = sizeof(s) };
	struct drm_nvpm_source_value *src;
	struct drm_nvpm_group_create g;
	struct drm_nvpm_get_info info;
	const struct cred *old;
	struct drm_nvpm_read r;
	struct cred *cred;
	int ret;

	memset(&info, 0, sizeof(info));
	info.size = sizeof(info) - 8;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, get_info, &info), -EINVAL);
	info.size = sizeof(info);
	info.reserved = 1;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, get_info, &info), -EINVAL);

	/* too small an array: -E2BIG and the count it needs */
	KUNIT_ASSERT_EQ(test, nvt_ioctl(t, query_domains, &qd), 0);
	KUNIT_ASSERT_GT(test, qd.count, 1U);
	qd.count = 1;
	qd.domains = t->ubuf;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, query_domains, &qd), -E2BIG);
	KUNIT_EXPECT_GT(test, qd.count, 1U);
	/* an array nowhere in user memory */
	qd.domains = 0x10;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, query_domains, &qd), -EFAULT);

	qs.domain = 4096;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, query_signals, &qs), -ENOENT);

	nvt_group_args(&g, 0, 0, 0xffff);
	g.pad = 1;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, group_create, &g), -EINVAL);
	nvt_group_args(&g, 4096, 0, 0xffff);
	KUNIT_EXPECT_NE(test, nvt_ioctl(t, group_create, &g), 0);
	nvt_group_args(&g, 0, 0, 0xffff);
	g.nr_counters = 5;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, group_create, &g), -E2BIG);
	/* source settings are read from user memory */
	nvt_group_args(&g, 0, 0, 0xffff);
	g.nr_sources = 1;
	g.sources = 0x10;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, group_create, &g), -EFAULT);
	src = kunit_kzalloc(test, sizeof(*src), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, src);
	src->id = 0xffff;
	KUNIT_ASSERT_EQ(test, copy_to_user(nvt_user(t, 0), src, sizeof(*src)), 0UL);
	g.sources = t->ubuf;
	KUNIT_EXPECT_NE(test, nvt_ioctl(t, group_create, &g), 0);

	cred = nvt_cred_unprivileged(test);
	nvt_group_args(&g, 0, 0, 0xffff);
	old = override_creds(cred);
	ret = nvt_ioctl(t, group_create, &g);
	revert_creds(old);
	put_cred(cred);
	KUNIT_EXPECT_EQ(test, ret, -EPERM);

	s.flags = 1;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, sample, &s), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvt_read(t, 1, &r), -ENOENT);
	d.handle = 1;
	KUNIT_EXPECT_EQ(test, nvt_ioctl(t, group_destroy, &d), -ENOENT);

	/* nothing was made: the first group is handle 1 */
	nvt_group_args(&g, 0, 0, 0xffff);
	KUNIT_ASSERT_EQ(test, nvt_ioctl(t, group_create, &g), 0);
	KUNIT_EXPECT_EQ(test, g.handle, 1U);
	KUNIT_EXPECT_EQ(test, nvt_read(t, 2, &r), -ENOENT);
}

static struct kunit_case nouveau_nvpm_cases[] = {
	KUNIT_CASE_PARAM(nouveau_nvpm_engine_in_device, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nouveau_nvpm_queries, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nouveau_nvpm_counts, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nouveau_nvpm_refusals, nvt_chip_gen_params),
	{}
};

static struct kunit_suite nouveau_nvpm_suite = {
	.name = "nouveau_nvpm",
	.test_cases = nouveau_nvpm_cases,
};

kunit_test_suite(nouveau_nvpm_suite);
