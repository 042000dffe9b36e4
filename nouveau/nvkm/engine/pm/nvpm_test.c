// SPDX-License-Identifier: MIT
/*
 * KUnit: nouveau's perfmon classes over nvpm's simulated GPU.
 *
 * Each case builds a nouveau device with nvkm_device_ctor() whose
 * registers are the simulated GPU (the test-only MMIO hook), creates an
 * nvkm client and drives it the way DRM_NOUVEAU_NVIF does: nvkm_ioctl()
 * with struct nvif_ioctl_v0 buffers (NEW, MTHD, DEL), and once through
 * usif_ioctl() with user memory, as DRM_NOUVEAU_NVIF does.  Stage one runs
 * nouveau's own perfmon engine (nouveau.nvpm=0) and checks the simulated
 * GPU against code proven on real cards; stage two runs nvpm's engine in
 * its place through the same calls.
 *
 * Expected values come from the reference: PGRAPH.IDLE is signal 0xbd of
 * domain 1 (core clock A) on G84 and 0xcb on GT215; the simulated PGRAPH
 * is busy 35% of the time; the simulated clock runs 1 cycle per
 * microsecond; a logic op of 0xffff is true on every cycle and 0xaaaa
 * follows the counter's first signal.
 */
#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/cred.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/mman.h>
#include <linux/sched/mm.h>

#include <core/client.h>
#include <core/ioctl.h>
#include <engine/device/priv.h>
#include <engine/pm.h>

#include <nvif/class.h>
#include <nvif/cl0080.h>
#include <nvif/if0002.h>
#include <nvif/if0003.h>
#include <nvif/driver.h>
#include <nvif/ioctl.h>

#include "nouveau_drv.h"
#include "nouveau_abi16.h"
#include "nouveau_usif.h"

#include <nvpm_host.h>
#include <nvpm_host_owned.h>
#include <nvpm_nvif.h>

#define NVT_GR_BUSY	35	/* % of the time the simulated PGRAPH works */
#define NVT_DEVICE	1	/* object ids of the client's objects */
#define NVT_PERFMON	2
#define NVT_PERFDOM	3
#define NVT_MAX_DOMS	32

/**
 * struct nvt_chip - a simulated chip and what the reference says of it
 * @name: its name
 * @chipset: PMC_BOOT_0's chipset
 * @gr_idle: PGRAPH.IDLE in domain 1, or -1 where unknown
 * @nr_doms: PCOUNTER domains, -1 where it varies
 * @swap_src: SPEC_SRC of domain 1 (0xa564) selecting PGRAPH.PM_TRIGGER
 *	      as SWAP, or 0 where there is no SPEC_SRC
 * @past_dom: a domain with fewer than 256 signals
 * @past_sig: its first signal number past its last signal
 * @gpc_doms: GPC domains per GPC nouveau lists that nvpm must list too
 *	      (GF100+)
 * @doc: per signal of GPC domain 0 (GF100+), whether the reference lists
 *	 it; NULL: the reference lists every signal nouveau names (G80:GF100)
 *	 or none (GK104)
 */
struct nvt_chip {
	const char *name;
	u32 chipset;
	int gr_idle;
	int nr_doms;
	u32 swap_src;
	u8 past_dom;
	u8 past_sig;
	u8 gpc_doms;
	const struct nvt_range *doc;
};

/*
 * G84, GT215: pcounter_tesla.rst.  Core clock A (domain 1) ends in the
 * trailer 0xe0-0xff (PCOUNTER.TRAILER ec-ff), so PGRAPH.PM_TRIGGER, at
 * trailer base + 0x0f (pcounter_intro.rst, NV40:GF100 trailer signals), is
 * 0xef; the shader clock (domain 3) has signals 0x00-0x3f (0x2c-0x3f:
 * PCOUNTER.TRAILER [G84:]).  GF100, GK104: the reference gives no domain
 * sizes; GPC domain 0 (GF100) and hub domain 0 (GK104) have 0xe0 and 0x60
 * signals in nouveau's tables, which nvpm and the simulator follow.
 */
/* Signals first .. last of a domain; last 0 ends a list. */
struct nvt_range {
	u8 first, last;
};

/* pcounter_fermi.rst, GF100, GPC domain 0: every signal it lists. */
static const struct nvt_range nvt_gf100_gpc0[] = {
	{ 0x02, 0x09 }, { 0x0a, 0x12 }, { 0x15, 0x19 }, { 0x1a, 0x1f },
	{ 0x21, 0x28 }, { 0x31, 0x38 }, { 0x3a, 0x3c }, { 0x40, 0x47 },
	{ 0x48, 0x4d }, { 0x4f, 0x53 }, { 0x54, 0x57 }, { 0x5b, 0x5e },
	{ 0x61, 0x64 }, { 0x66, 0x68 }, { 0x6a, 0x6a }, { 0x6e, 0x6e },
	{ 0x72, 0x72 }, { 0x74, 0x74 }, { 0x76, 0x78 }, { 0x7c, 0x7f },
	{ 0x81, 0x83 }, { 0x84, 0x87 }, { 0x88, 0x8b }, { 0x8e, 0x8e },
	{ 0x91, 0x93 }, { 0x95, 0x95 }, { 0x98, 0x9b }, { 0x9c, 0x9c },
	{ 0xa1, 0xa2 }, { 0xaf, 0xba }, { 0xbf, 0xbf }, {}
};

/*
 * GK104: nouveau lists three domains per GPC, the second and third of 0x20
 * signals.  From GF100 on the trailer takes a domain's last 0x40 signals
 * (base + 0x1f .. base + 0x3f, USER_0 at base + 0x27: pcounter_intro.rst,
 * trailer signals for GF100+), which 0x20 signals cannot hold: nvpm lists
 * the first only.
 */
static const struct nvt_chip nvt_chips[] = {
	{ "G84", 0x84, 0xbd, 8, 0xef, 3, 0x40, 0, NULL },
	{ "GT215", 0xa3, 0xcb, 8, 0xef, 3, 0x40, 0, NULL },
	{ "GF100", 0xc0, -1, -1, 0, 0, 0xe0, 1, nvt_gf100_gpc0 },
	{ "GK104", 0xe4, -1, -1, 0, 0, 0x60, 1, NULL },
};

static void
nvt_chip_desc(const struct nvt_chip *chip, char *desc)
{
	strscpy(desc, chip->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(nvt_chip, nvt_chips, nvt_chip_desc);

/*
 * Quad event mode from NV40 on (pcounter_intro.rst): NV40:G84 and GF100+
 * keep the shadow counters when a domain is programmed, G84:GF100 swap on
 * the PRE_OP write.  Their catalogs are not compared here.
 */
static const struct nvt_chip nvt_quad_chips[] = {
	{ "NV40", 0x40, -1, -1, 0, 0, 0, 0, NULL },
	{ "G80", 0x50, -1, -1, 0, 0, 0, 0, NULL },
	{ "G84", 0x84, 0xbd, 8, 0xef, 3, 0x40, 0, NULL },
	{ "GT215", 0xa3, 0xcb, 8, 0xef, 3, 0x40, 0, NULL },
	{ "GF100", 0xc0, -1, -1, 0, 0, 0xe0, 1, NULL },
	{ "GK104", 0xe4, -1, -1, 0, 0, 0x60, 1, NULL },
};

KUNIT_ARRAY_PARAM(nvt_quad, nvt_quad_chips, nvt_chip_desc);

/*
 * NV10:NV40: single event mode only before NV30; NV30's quad mode swaps
 * on PGRAPH's PM_TRIGGER, whose trigger register is not documented.
 * nouveau's table has no perfmon engine for them.
 */
static const struct nvt_chip nvt_single_chips[] = {
	{ "NV10", 0x10, -1, 1, 0, 0, 0, 0, NULL },
	{ "NV20", 0x20, -1, 2, 0, 0, 0, 0, NULL },
	{ "NV30", 0x30, -1, 2, 0, 0, 0, 0, NULL },
};

KUNIT_ARRAY_PARAM(nvt_single, nvt_single_chips, nvt_chip_desc);

struct nvt {
	struct kunit *test;
	const struct nvt_chip *chip;
	struct device *root;
	struct nvpm_sim_gpu *sim;
	struct nvkm_device *device;
	struct nvkm_client *client;
	u64 period_us;	/* real time from before a period's SAMPLE to after its end */
	bool watch;	/* check every write against what perfmon owns */
	struct nvpm_host_watch w;
};

/* The registers are the simulated GPU's; writes are watched on demand. */
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

static const struct nvkm_device_mmio_hook nvt_hook = {
	.rd32 = nvt_rd32,
	.wr32 = nvt_wr32,
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

static void
nvt_free(struct kunit_resource *res)
{
	struct nvt *t = res->data;
	struct nvkm_object *client = t->client ? &t->client->object : NULL;

	if (client) {
		nvkm_object_fini(client, false);
		nvkm_object_del(&client);
	}
	nvkm_device_del(&t->device);
	nvpm_sim_gpu_del(&t->sim);
	if (t->root)
		root_device_unregister(t->root);
	kfree(t);
}

static int
nvt_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

/* A unique handle and name per case: a failed case leaves no cleanup run. */
static atomic64_t nvt_handles = ATOMIC64_INIT(0x4e565400);

/* A nouveau device over a simulated GPU, with nouveau's or nvpm's perfmon. */
static struct nvt *
nvt_new(struct kunit *test, bool nvpm)
{
	const struct nvt_chip *chip = test->param_value;
	u64 handle = atomic64_inc_return(&nvt_handles);
	struct device *root;
	char name[32];
	struct nvt *t;
	int ret;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->test = test;
	t->chip = chip;
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, nvt_init, nvt_free,
							 GFP_KERNEL, t));

	/*
	 * The suites run while nouveau.ko is still coming up, before its
	 * sysfs directory exists: a root device owned by it could not link
	 * to it, so this one has no owner.
	 */
	snprintf(name, sizeof(name), "nvt-%llx", handle);
	root = __root_device_register(name, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(root));
	t->root = root;
	t->sim = nvpm_sim_gpu_new(chip->chipset, NVT_GR_BUSY);
	KUNIT_ASSERT_NOT_NULL(test, t->sim);

	t->device = kzalloc(sizeof(*t->device), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->device);
	t->device->mmio_hook = &nvt_hook;
	t->device->mmio_hook_priv = t;
	nvkm_nvpm_enable = nvpm;
	ret = nvkm_device_ctor(&nvt_device_func, NULL, t->root, NVKM_DEVICE_PCI,
			       handle, name, NULL, NULL, true, true,
			       BIT_ULL(NVKM_ENGINE_PM), t->device);
	nvkm_nvpm_enable = true;
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_NOT_NULL(test, t->device->pm);

	ret = nvkm_client_new(name, handle, NULL, NULL, NULL, &t->client);
	KUNIT_ASSERT_EQ(test, ret, 0);

	return t;
}

/* One NVIF ioctl, as DRM_NOUVEAU_NVIF passes it; @args in and out. */
static int
nvt_ioctl(struct nvt *t, u8 type, u64 object, void *args, u32 size)
{
	struct nvif_ioctl_v0 *io;
	int ret;

	io = kzalloc(sizeof(*io) + size, GFP_KERNEL);
	if (!io)
		return -ENOMEM;
	io->version = 0;
	io->type = type;
	io->owner = NVIF_IOCTL_V0_OWNER_ANY;
	io->object = object;
	if (size)
		memcpy(io->data, args, size);
	ret = nvkm_ioctl(t->client, io, sizeof(*io) + size, NULL);
	if (size)
		memcpy(args, io->data, size);
	kfree(io);
	return ret;
}

static int
nvt_new_object(struct nvt *t, u64 parent, u64 object, s32 oclass,
	       const void *args, u32 size)
{
	struct nvif_ioctl_new_v0 *n;
	int ret;

	n = kzalloc(sizeof(*n) + size, GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	n->object = object;
	n->handle = object;
	n->oclass = oclass;
	if (size)
		memcpy(n->data, args, size);
	ret = nvt_ioctl(t, NVIF_IOCTL_V0_NEW, parent, n, sizeof(*n) + size);
	kfree(n);
	return ret;
}

static int
nvt_mthd(struct nvt *t, u64 object, u8 mthd, void *args, u32 size)
{
	struct nvif_ioctl_mthd_v0 *m;
	int ret;

	m = kzalloc(sizeof(*m) + size, GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	m->method = mthd;
	if (size)
		memcpy(m->data, args, size);
	ret = nvt_ioctl(t, NVIF_IOCTL_V0_MTHD, object, m, sizeof(*m) + size);
	if (size)
		memcpy(args, m->data, size);
	kfree(m);
	return ret;
}

/* DEL answers 1 on success (nvkm_ioctl_del). */
static int
nvt_del(struct nvt *t, u64 object)
{
	return nvt_ioctl(t, NVIF_IOCTL_V0_DEL, object, NULL, 0);
}

/*
 * The DRM path: DRM_NOUVEAU_NVIF hands the user's buffer to usif_ioctl().
 * The suite's init maps a page in the loading process (modprobe, which
 * waits in the module syscall while the suites run); a case borrows that
 * address space, so usif_ioctl() copies from and back to user memory as
 * for a real file.  The file's client is made as nouveau_cli_init() makes
 * a file's: a client under a master client of nouveau's nvkm driver.
 */
static struct mm_struct *nvt_mm;
static unsigned long nvt_ubuf;

static int
nvt_suite_init(struct kunit_suite *suite)
{
	unsigned long addr;

	if (!current->mm)
		return 0;	/* no process: the DRM case skips */
	addr = vm_mmap(NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
		       MAP_ANONYMOUS | MAP_PRIVATE, 0);
	if (IS_ERR_VALUE(addr))
		return 0;
	mmget(current->mm);
	nvt_mm = current->mm;
	nvt_ubuf = addr;
	return 0;
}

static void
nvt_suite_exit(struct kunit_suite *suite)
{
	if (!nvt_mm)
		return;
	if (current->mm == nvt_mm)
		vm_munmap(nvt_ubuf, PAGE_SIZE);
	mmput(nvt_mm);
	nvt_mm = NULL;
}

struct nvt_drm {
	struct nvif_client master;
	struct nouveau_cli cli;
	struct drm_file file;
	bool master_up;
	bool cli_up;
};

static void
nvt_drm_free(struct kunit_resource *res)
{
	struct nvt_drm *d = res->data;

	if (d->cli_up) {
		if (d->cli.abi16)
			nouveau_abi16_fini(d->cli.abi16);
		usif_client_fini(&d->cli);
		nvif_client_dtor(&d->cli.base);
	}
	if (d->master_up)
		nvif_client_dtor(&d->master);
	kfree(d);
}

/* A drm_file of nouveau's on the device of @t, as far as usif needs one. */
static struct nvt_drm *
nvt_drm_new(struct nvt *t)
{
	struct kunit *test = t->test;
	u64 handle = t->device->handle;
	struct nvt_drm *d;
	char name[32];

	d = kzalloc(sizeof(*d), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, nvt_init, nvt_drm_free,
							 GFP_KERNEL, d));
	snprintf(name, sizeof(name), "nvt-drm-%llx", handle);
	KUNIT_ASSERT_EQ(test, nvif_driver_init(NULL, NULL, NULL, name, handle,
					       &d->master), 0);
	d->master_up = true;
	KUNIT_ASSERT_EQ(test, nvif_client_ctor(&d->master, name, handle,
					       &d->cli.base), 0);
	d->cli_up = true;
	mutex_init(&d->cli.mutex);
	usif_client_init(&d->cli);
	d->file.driver_priv = &d->cli;
	return d;
}

/* One DRM_NOUVEAU_NVIF call: @args through user memory, in and out. */
static int
nvt_usif(struct nvt_drm *d, void *args, u32 size)
{
	void __user *ubuf = (void __user *)nvt_ubuf;
	int ret;

	if (size > PAGE_SIZE)
		return -E2BIG;
	kthread_use_mm(nvt_mm);
	if (copy_to_user(ubuf, args, size))
		ret = -EFAULT;
	else
		ret = usif_ioctl(&d->file, ubuf, size);
	if (copy_from_user(args, ubuf, size))
		ret = -EFAULT;
	kthread_unuse_mm(nvt_mm);
	return ret;
}

/* A call's header; route 0xff, token ~0 sends it to the abi16 device. */
static void
nvt_usif_hdr(struct nvif_ioctl_v0 *io, u8 type, u8 route, u64 object)
{
	io->version = 0;
	io->type = type;
	io->owner = NVIF_IOCTL_V0_OWNER_ANY;
	io->route = route;
	io->token = route == 0xff ? ~0ULL : 0;
	io->object = object;
}

static int
nvt_usif_new(struct nvt_drm *d, u8 route, u64 parent, u64 object, s32 oclass,
	     const void *data, u32 size)
{
	struct {
		struct nvif_ioctl_v0 io;
		struct nvif_ioctl_new_v0 new;
	} *a;
	int ret;

	a = kzalloc(sizeof(*a) + size, GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	nvt_usif_hdr(&a->io, NVIF_IOCTL_V0_NEW, route, parent);
	a->new.route = NVIF_IOCTL_V0_ROUTE_NVIF;
	a->new.token = object;
	a->new.object = object;
	a->new.oclass = oclass;
	if (size)
		memcpy(a + 1, data, size);
	ret = nvt_usif(d, a, sizeof(*a) + size);
	kfree(a);
	return ret;
}

static int
nvt_usif_mthd(struct nvt_drm *d, u64 object, u8 mthd, void *args, u32 size)
{
	struct {
		struct nvif_ioctl_v0 io;
		struct nvif_ioctl_mthd_v0 mthd;
	} *a;
	int ret;

	a = kzalloc(sizeof(*a) + size, GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	nvt_usif_hdr(&a->io, NVIF_IOCTL_V0_MTHD, 0, object);
	a->mthd.method = mthd;
	if (size)
		memcpy(a + 1, args, size);
	ret = nvt_usif(d, a, sizeof(*a) + size);
	if (size)
		memcpy(args, a + 1, size);
	kfree(a);
	return ret;
}

static int
nvt_usif_del(struct nvt_drm *d, u64 object)
{
	struct nvif_ioctl_v0 io = {};

	nvt_usif_hdr(&io, NVIF_IOCTL_V0_DEL, 0, object);
	return nvt_usif(d, &io, sizeof(io));
}

/* The device object and a PERFMON under it. */
static struct nvt *
nvt_perfmon(struct kunit *test, bool nvpm)
{
	struct nvt *t = nvt_new(test, nvpm);
	struct nv_device_v0 dev = { .device = ~0ULL };

	KUNIT_ASSERT_EQ(test, nvt_new_object(t, 0, NVT_DEVICE, NV_DEVICE,
					     &dev, sizeof(dev)), 0);
	KUNIT_ASSERT_EQ(test, nvt_new_object(t, NVT_DEVICE, NVT_PERFMON,
					     NVIF_CLASS_PERFMON, NULL, 0), 0);
	return t;
}

/**
 * struct nvt_catalog - what nouveau's iterators enumerate
 * @nr_doms: domains
 * @counter_nr: per domain, QUERY_DOMAIN's counter_nr
 * @signal_nr: per domain, QUERY_DOMAIN's signal_nr
 * @named: per domain, the signals QUERY_SIGNAL visits
 * @names: per domain, how many of them have a name that is not "/dom/xx"
 * @name: per domain, its name
 */
struct nvt_catalog {
	int nr_doms;
	u8 counter_nr[NVT_MAX_DOMS];
	u16 signal_nr[NVT_MAX_DOMS];
	DECLARE_BITMAP(named[NVT_MAX_DOMS], 256);
	int names[NVT_MAX_DOMS];
	char name[NVT_MAX_DOMS][16];
};

/* Walk domains and signals with nouveau's iterator protocol. */
static void
nvt_enumerate(struct nvt *t, struct nvt_catalog *cat)
{
	struct kunit *test = t->test;
	struct nvif_perfmon_query_domain_v0 qd = {};
	struct nvif_perfmon_query_signal_v0 qs;
	int d, n, guard;

	memset(cat, 0, sizeof(*cat));
	/* iter 0 starts; each answer names the next iter, 0xff ends */
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_DOMAIN,
				       &qd, sizeof(qd)), 0);
	for (guard = 0; qd.iter != 0xff && guard < NVT_MAX_DOMS; guard++) {
		KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_DOMAIN,
					       &qd, sizeof(qd)), 0);
		d = qd.id;
		KUNIT_ASSERT_EQ(test, d, cat->nr_doms);
		cat->counter_nr[d] = qd.counter_nr;
		cat->signal_nr[d] = qd.signal_nr;
		strscpy(cat->name[d], qd.name, sizeof(cat->name[d]));
		cat->nr_doms++;

		memset(&qs, 0, sizeof(qs));
		qs.domain = d;
		KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_SIGNAL,
					       &qs, sizeof(qs)), 0);
		for (n = 0; qs.iter != 0xffff && n < 256; n++) {
			char raw[64];

			KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFMON,
						       NVIF_PERFMON_V0_QUERY_SIGNAL,
						       &qs, sizeof(qs)), 0);
			__set_bit(qs.signal, cat->named[d]);
			snprintf(raw, sizeof(raw), "/%s/%02x", qd.name, qs.signal);
			if (strcmp(qs.name, raw))
				cat->names[d]++;
		}
		KUNIT_EXPECT_EQ(test, qs.iter, 0xffff);
		KUNIT_EXPECT_EQ_MSG(test, n, (int)qd.signal_nr, "domain %d (%s)", d, qd.name);
	}
	KUNIT_EXPECT_EQ(test, qd.iter, 0xff);
}

/*
 * A PERFDOM on @dom: counter 0 follows @signal (0xaaaa), counter 1 counts
 * every cycle (0xffff over no signal).
 */
static int
nvt_perfdom(struct nvt *t, u64 object, u8 dom, u8 signal)
{
	struct nvif_perfdom_v0 *pd;
	int ret;

	pd = kzalloc(sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;
	pd->domain = dom;
	pd->ctr[0].signal[0] = signal;
	pd->ctr[0].logic_op = 0xaaaa;
	pd->ctr[1].logic_op = 0xffff;
	ret = nvt_new_object(t, NVT_PERFMON, object, NVIF_CLASS_PERFDOM, pd, sizeof(*pd));
	kfree(pd);
	return ret;
}

/* INIT, SAMPLE, wait @ms, SAMPLE, READ: the counts of the last period. */
static void
nvt_count(struct nvt *t, u64 object, unsigned int ms,
	  struct nvif_perfdom_read_v0 *rd)
{
	struct kunit *test = t->test;
	u64 start;

	KUNIT_ASSERT_EQ(test, nvt_mthd(t, object, NVIF_PERFDOM_V0_INIT, NULL, 0), 0);
	start = ktime_get_ns();
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, object, NVIF_PERFDOM_V0_SAMPLE, NULL, 0), 0);
	msleep(ms);
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, object, NVIF_PERFDOM_V0_SAMPLE, NULL, 0), 0);
	t->period_us = div_u64(ktime_get_ns() - start, NSEC_PER_USEC) + 1;
	memset(rd, 0, sizeof(*rd));
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, object, NVIF_PERFDOM_V0_READ, rd, sizeof(*rd)), 0);
}

/*
 * The simulated clock runs 1 cycle per microsecond of real time, and a
 * SAMPLE's latch comes a cycle after its trigger: the period between two
 * SAMPLEs @ms apart is at least @ms, and at most the real time measured
 * around both (@t->period_us) and a cycle.  (Under TCG on a loaded host
 * msleep() may sleep several times @ms.)
 */
static void
nvt_expect_period(struct nvt *t, u32 clk, unsigned int ms)
{
	KUNIT_EXPECT_GE(t->test, clk, ms * 1000);
	KUNIT_EXPECT_LE(t->test, (u64)clk, t->period_us + 1);
}

static void
nvt_expect_gr_idle(struct kunit *test, u32 idle, u32 clk)
{
	u64 pct = div_u64((u64)idle * 1000, max(clk, 1u));

	/* 65% idle: a 35%-busy PGRAPH, in 1 ms rounds, over >= 50 rounds */
	KUNIT_EXPECT_GE_MSG(test, pct, 620ULL, "idle %u of %u cycles", idle, clk);
	KUNIT_EXPECT_LE_MSG(test, pct, 680ULL, "idle %u of %u cycles", idle, clk);
}

/*
 * Domain 1 on NV50 (core clock A); the first domain with a visible signal
 * elsewhere (GF100's GPC/partition domains).
 */
static u8
nvt_count_domain(const struct nvt_catalog *cat, const struct nvt_chip *chip)
{
	int d;

	if (chip->gr_idle >= 0)
		return 1;
	for (d = 0; d < cat->nr_doms; d++) {
		if (cat->signal_nr[d])
			return d;
	}
	return 0;
}

/*
 * Stage one: nouveau's own perfmon engine over the simulated GPU
 */

static void
nouveau_pm_catalog_enumerates(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, false);
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cat);
	nvt_enumerate(t, cat);
	KUNIT_EXPECT_GT(test, cat->nr_doms, 0);
	if (t->chip->nr_doms >= 0)
		KUNIT_EXPECT_EQ(test, cat->nr_doms, t->chip->nr_doms);
	if (t->chip->gr_idle >= 0)
		KUNIT_EXPECT_TRUE(test, test_bit(t->chip->gr_idle, cat->named[1]));
	KUNIT_EXPECT_EQ(test, cat->counter_nr[0], 4);
}

static void
nouveau_pm_counts_sim_gr_load(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, false);
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);
	struct nvif_perfdom_read_v0 rd;
	u8 dom;

	KUNIT_ASSERT_NOT_NULL(test, cat);
	nvt_enumerate(t, cat);
	/*
	 * From G84 on, quad mode swaps on the signal SPEC_SRC's SWAP field
	 * selects (pcounter_intro.rst: SWAP "hardwired to PGRAPH.PM_TRIGGER
	 * on NV30:G84, can be assigned to an arbitrary signal on G84+").
	 * nouveau latches with PM_TRIGGER (PGRAPH 0x400084 bit 5) and never
	 * writes SPEC_SRC, whose reset value the reference does not give: the
	 * board is set up here as nouveau's sampling needs it.
	 */
	if (t->chip->swap_src)
		nvpm_sim_gpu_wr32(t->sim, 0xa564, t->chip->swap_src);
	dom = nvt_count_domain(cat, t->chip);
	KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, dom,
					  max(t->chip->gr_idle, 0)), 0);
	nvt_count(t, NVT_PERFDOM, 60, &rd);
	nvt_expect_period(t, rd.clk, 60);
	KUNIT_EXPECT_EQ(test, rd.ctr[1], rd.clk);
	if (t->chip->gr_idle >= 0)
		nvt_expect_gr_idle(test, rd.ctr[0], rd.clk);
	KUNIT_EXPECT_EQ(test, nvt_del(t, NVT_PERFDOM), 1);
}

/*
 * Stage two: nvpm's engine in its place
 */

static bool
nvt_in_ranges(const struct nvt_range *r, int s)
{
	for (; r && r->last; r++) {
		if (s >= r->first && s <= r->last)
			return true;
	}
	return false;
}

/*
 * nvpm's domain for nouveau's domain @name, the @d-th of nouveau's list:
 * -1 for none, -2 for a domain nvpm need not list.  nouveau names its
 * domains "pc/dd" before GF100 (PCOUNTER's, in register order, as nvpm
 * lists them), "hub/dd", "gpc/uu/dd" and "part/uu/dd" from GF100 on;
 * nvpm "hubU_D", "gpcU_D", "partU_D", or "gpcU" where a unit has one
 * domain.  @gpc0 tells GPC domain 0.
 */
static int
nvt_match_domain(const struct nvt_chip *chip, const struct nvt_catalog *cat,
		 const char *name, int d, bool *gpc0)
{
	const char *slash = strchr(name, '/');
	char kind[8], one[24], two[24];
	unsigned int unit, dom;
	int i, n;

	if (sscanf(name, "pc/%x", &dom) == 1)
		return d < cat->nr_doms ? d : -1;
	/* the kernel's sscanf() has no character ranges: split at the '/' */
	if (!slash || (size_t)(slash - name) >= sizeof(kind))
		return -1;
	strscpy(kind, name, slash - name + 1);
	n = sscanf(slash + 1, "%x/%x", &unit, &dom);
	if (n == 1) {
		dom = unit;
		unit = 0;
	} else if (n != 2) {
		return -1;
	}
	if (!strcmp(kind, "gpc") && dom >= chip->gpc_doms)
		return -2;
	*gpc0 = !strcmp(kind, "gpc") && !dom;
	snprintf(one, sizeof(one), "%s%u", kind, unit);
	snprintf(two, sizeof(two), "%s%u_%u", kind, unit, dom);
	for (i = 0; i < cat->nr_doms; i++) {
		if (!strcmp(cat->name[i], two) || (!dom && !strcmp(cat->name[i], one)))
			return i;
	}
	return -1;
}

static void
nvpm_pm_catalog_matches_nouveau(struct kunit *test)
{
	struct nvt_catalog *stock = kunit_kzalloc(test, sizeof(*stock), GFP_KERNEL);
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);
	struct nvt *t;
	int d, s;

	KUNIT_ASSERT_NOT_NULL(test, stock);
	KUNIT_ASSERT_NOT_NULL(test, cat);
	t = nvt_perfmon(test, false);
	nvt_enumerate(t, stock);
	t = nvt_perfmon(test, true);
	nvt_enumerate(t, cat);

	/*
	 * every PCOUNTER domain nouveau has, and every signal it names that
	 * the reference lists, at the same number
	 */
	for (d = 0; d < stock->nr_doms; d++) {
		bool gpc0 = false;
		int n = nvt_match_domain(t->chip, cat, stock->name[d], d, &gpc0);

		if (n == -2)
			continue;	/* a domain nvpm need not list */
		KUNIT_EXPECT_GE_MSG(test, n, 0, "nouveau's %s", stock->name[d]);
		if (n < 0)
			continue;
		KUNIT_EXPECT_EQ(test, cat->counter_nr[n], stock->counter_nr[d]);
		for_each_set_bit(s, stock->named[d], 256) {
			if (!stock->names[d])
				break;
			if (t->chip->chipset >= 0xc0 &&
			    !(gpc0 && nvt_in_ranges(t->chip->doc, s)))
				continue;
			KUNIT_EXPECT_TRUE_MSG(test, test_bit(s, cat->named[n]),
					      "nouveau's %s, nvpm's %s: signal 0x%02x",
					      stock->name[d], cat->name[n], s);
		}
	}
}

static void
nvpm_pm_counts_like_nouveau(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);
	struct nvif_perfdom_nvpm_totals_v0 tot = {};
	struct nvif_perfdom_read_v0 rd;
	u8 dom;

	KUNIT_ASSERT_NOT_NULL(test, cat);
	nvt_enumerate(t, cat);
	dom = nvt_count_domain(cat, t->chip);
	KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, dom,
					  max(t->chip->gr_idle, 0)), 0);
	nvt_count(t, NVT_PERFDOM, 60, &rd);
	nvt_expect_period(t, rd.clk, 60);
	KUNIT_EXPECT_EQ(test, rd.ctr[1], rd.clk);
	if (t->chip->gr_idle >= 0)
		nvt_expect_gr_idle(test, rd.ctr[0], rd.clk);

	/* nvpm's 64-bit totals: both samples since INIT */
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_NVPM_TOTALS,
				       &tot, sizeof(tot)), 0);
	KUNIT_EXPECT_EQ(test, tot.samples, 2ULL);
	KUNIT_EXPECT_EQ(test, tot.value[1], tot.cycles);
	KUNIT_EXPECT_GE(test, tot.cycles, (u64)rd.clk);
	KUNIT_EXPECT_EQ(test, tot.flags, 0U);
	KUNIT_EXPECT_EQ(test, nvt_del(t, NVT_PERFDOM), 1);
}

static void
nvpm_pm_idle_counters_through_perfdom(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvif_perfmon_nvpm_domain_v0 nd = {};
	struct nvif_perfdom_read_v0 rd;
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);
	int d, idle = -1;
	u64 pct;

	KUNIT_ASSERT_NOT_NULL(test, cat);
	nvt_enumerate(t, cat);
	for (d = 0; d < cat->nr_doms; d++) {
		nd.domain = d;
		KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_NVPM_DOMAIN,
					       &nd, sizeof(nd)), 0);
		if (nd.flags & NVIF_PERFMON_NVPM_DOMAIN_IDLE)
			idle = d;
	}
	/* PDAEMON's idle counters: GT215 on */
	if (t->chip->chipset < 0xa3) {
		KUNIT_EXPECT_EQ(test, idle, -1);
		return;
	}
	KUNIT_ASSERT_GE(test, idle, 0);
	/*
	 * PDAEMON has 4 idle counters on GT215:GF100, 8 from GF100 on
	 * (pm_pdaemon_counter.rst); one counts every cycle, the time base
	 * the others are read against: 3 for a PERFDOM on GT215, and the
	 * PERFDOM's fourth is refused.
	 */
	KUNIT_EXPECT_EQ(test, cat->counter_nr[idle], t->chip->chipset < 0xc0 ? 3 : 4);
	nd.domain = idle;
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_NVPM_DOMAIN,
				       &nd, sizeof(nd)), 0);
	KUNIT_EXPECT_EQ(test, nd.nr_counters, cat->counter_nr[idle]);
	if (cat->counter_nr[idle] == 3) {
		struct nvif_perfdom_v0 *pd = kunit_kzalloc(test, sizeof(*pd), GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, pd);
		pd->domain = idle;
		for (d = 0; d < 4; d++)
			pd->ctr[d].logic_op = 0xaaaa;
		KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM,
						     NVIF_CLASS_PERFDOM, pd, sizeof(*pd)),
				-EINVAL);
	}
	/* signal 0 is PGRAPH's (PDAEMON COUNTER_SIGNALS bit 0): busy 35% */
	KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, idle, 0), 0);
	nvt_count(t, NVT_PERFDOM, 60, &rd);
	nvt_expect_period(t, rd.clk, 60);
	pct = div_u64((u64)rd.ctr[0] * 1000, max(rd.clk, 1u));
	KUNIT_EXPECT_GE_MSG(test, pct, 320ULL, "busy %u of %u", rd.ctr[0], rd.clk);
	KUNIT_EXPECT_LE_MSG(test, pct, 380ULL, "busy %u of %u", rd.ctr[0], rd.clk);
}

static void
nvpm_pm_read_before_sample_is_eagain(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvif_perfdom_read_v0 rd = {};

	KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_READ,
				       &rd, sizeof(rd)), -EAGAIN);
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_INIT, NULL, 0), 0);
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_READ,
				       &rd, sizeof(rd)), -EAGAIN);
}

/* Bad input gets nouveau's error codes; the catalog and counting stay. */
static void
nvpm_pm_bad_input_changes_nothing(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvt_catalog *before = kunit_kzalloc(test, sizeof(*before), GFP_KERNEL);
	struct nvt_catalog *after = kunit_kzalloc(test, sizeof(*after), GFP_KERNEL);
	struct nvif_perfmon_query_domain_v0 qd = {};
	struct nvif_perfmon_query_signal_v0 qs = {};
	struct nvif_perfmon_query_source_v0 qc = {};
	struct nvif_perfdom_v0 *pd = kunit_kzalloc(test, sizeof(*pd), GFP_KERNEL);
	struct nvif_perfdom_read_v0 rd = {};
	u8 big[sizeof(qd) + 8] = {};
	u8 dom, unnamed;

	KUNIT_ASSERT_NOT_NULL(test, before);
	KUNIT_ASSERT_NOT_NULL(test, after);
	KUNIT_ASSERT_NOT_NULL(test, pd);
	nvt_enumerate(t, before);
	dom = nvt_count_domain(before, t->chip);
	/* signal 0 unnamed means "no signal": take the first other one */
	unnamed = find_next_zero_bit(before->named[dom], 256, 1);

	/* versions, sizes, methods */
	qd.version = 1;
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_DOMAIN,
				       &qd, sizeof(qd)), -ENOSYS);
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_DOMAIN,
				       &qd, sizeof(qd) - 1), -ENOSYS);
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_DOMAIN,
				       big, sizeof(big)), -E2BIG);
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, 0x42, &qd, sizeof(qd)), -EINVAL);

	/* iterators past the end */
	qd.version = 0;
	qd.iter = before->nr_doms + 1;
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_DOMAIN,
				       &qd, sizeof(qd)), -EINVAL);
	qs.domain = before->nr_doms;
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_SIGNAL,
				       &qs, sizeof(qs)), -EINVAL);
	qs.domain = dom;
	qs.iter = 0x1000;
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_SIGNAL,
				       &qs, sizeof(qs)), -EINVAL);
	qc.domain = dom;
	qc.signal = unnamed;
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_SOURCE,
				       &qc, sizeof(qc)), -EINVAL);
	qc.domain = 0xff;
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_QUERY_SOURCE,
				       &qc, sizeof(qc)), -EINVAL);

	/*
	 * PERFDOMs: unknown domain, unnamed signal, signal past the domain,
	 * a source the signal does not have, wrong version and size
	 */
	pd->domain = before->nr_doms;
	KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM,
					     NVIF_CLASS_PERFDOM, pd, sizeof(*pd)), -EINVAL);
	pd->domain = dom;
	pd->ctr[2].signal[1] = unnamed;
	KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM,
					     NVIF_CLASS_PERFDOM, pd, sizeof(*pd)), -EINVAL);
	pd->domain = t->chip->past_dom;
	pd->ctr[2].signal[1] = t->chip->past_sig;
	KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM,
					     NVIF_CLASS_PERFDOM, pd, sizeof(*pd)), -EINVAL);
	pd->domain = dom;
	pd->ctr[2].signal[1] = 0;
	pd->ctr[0].source[0][0] = 0x77;
	KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM,
					     NVIF_CLASS_PERFDOM, pd, sizeof(*pd)), -EINVAL);
	pd->ctr[0].source[0][0] = 0;
	pd->version = 1;
	KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM,
					     NVIF_CLASS_PERFDOM, pd, sizeof(*pd)), -ENOSYS);
	pd->version = 0;
	KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM,
					     NVIF_CLASS_PERFDOM, pd, sizeof(*pd) - 8), -ENOSYS);

	/* one PERFMON at a time */
	KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_DEVICE, NVT_PERFMON + 100,
					     NVIF_CLASS_PERFMON, NULL, 0), -EBUSY);

	/* READ's and SAMPLE's arguments */
	KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, dom, max(t->chip->gr_idle, 0)), 0);
	rd.version = 1;
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_READ,
				       &rd, sizeof(rd)), -ENOSYS);
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_SAMPLE,
				       &rd, sizeof(rd)), -ENOSYS);
	KUNIT_EXPECT_EQ(test, nvt_mthd(t, NVT_PERFDOM, 0x42, NULL, 0), -EINVAL);

	/* nothing changed: same catalog, and the group counts */
	nvt_enumerate(t, after);
	KUNIT_EXPECT_EQ(test, memcmp(before, after, sizeof(*before)), 0);
	nvt_count(t, NVT_PERFDOM, 20, &rd);
	KUNIT_EXPECT_EQ(test, rd.ctr[1], rd.clk);
	nvt_expect_period(t, rd.clk, 20);
}

/*
 * Bounds: PERFDOMs per PERFMON, spread over the PCOUNTER domains (16 take
 * turns on one).
 */
static void
nvpm_pm_perfdoms_are_bounded(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);
	u8 doms[NVT_MAX_DOMS];
	int d, i, n = 0, ret = 0;

	KUNIT_ASSERT_NOT_NULL(test, cat);
	nvt_enumerate(t, cat);
	for (d = 0; d < cat->nr_doms; d++) {
		if (strcmp(cat->name[d], "pdaemon"))
			doms[n++] = d;
	}
	KUNIT_ASSERT_GT(test, n * 16, NVPM_HOST_SAMPLE_MAX);
	for (i = 0; i < NVPM_HOST_SAMPLE_MAX + 1 && !ret; i++)
		ret = nvt_perfdom(t, NVT_PERFDOM + i, doms[i % n], 0);
	KUNIT_EXPECT_EQ(test, ret, -ENOSPC);
	KUNIT_EXPECT_EQ(test, i, NVPM_HOST_SAMPLE_MAX + 1);
}

/*
 * The DRM path: usif_ioctl() with the caller's buffer in user memory.  On
 * 6.1 a file reaches the device's classes only through the abi16 device
 * (route 0xff, token ~0); a PERFDOM needs its PERFMON as the parent
 * (route 0), which 6.1 refuses and the nouveau variant admits.
 */
static void
nvpm_pm_through_drm_nvif(struct kunit *test)
{
	struct nvif_perfmon_query_domain_v0 qd = {};
	struct nvif_perfmon_query_signal_v0 qs = {};
	struct nvif_perfdom_nvpm_totals_v0 tot = {};
	struct nvif_perfdom_read_v0 rd = {};
	struct nvif_perfdom_v0 *pd;
	struct nvt_drm *d;
	struct nvt *t;
	u8 dom, sig;
	u64 start;
	int n, ret;

	if (!nvt_mm)
		kunit_skip(test, "no process memory for the DRM path");
	t = nvt_new(test, true);
	d = nvt_drm_new(t);
	pd = kunit_kzalloc(test, sizeof(*pd), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pd);

	/* only NV_DEVICE under the file's own client */
	KUNIT_EXPECT_EQ(test, nvt_usif_new(d, 0, 0, NVT_PERFMON, NVIF_CLASS_PERFMON,
					   NULL, 0), -EINVAL);
	KUNIT_ASSERT_EQ(test, nvt_usif_new(d, 0xff, 0, NVT_PERFMON, NVIF_CLASS_PERFMON,
					   NULL, 0), 0);

	/* the domains, with nouveau's iterator, by the PERFMON's handle */
	for (n = 0; n <= NVT_MAX_DOMS; n++) {
		KUNIT_ASSERT_EQ(test, nvt_usif_mthd(d, NVT_PERFMON,
						    NVIF_PERFMON_V0_QUERY_DOMAIN,
						    &qd, sizeof(qd)), 0);
		/* domain 0, PCOUNTER's: 4 counters (PRE, START, EVENT, STOP) */
		if (n == 1)
			KUNIT_EXPECT_EQ(test, qd.counter_nr, 4);
		if (qd.iter == 0xff)
			break;
	}
	/* PCOUNTER's domains, and PDAEMON's idle counters from GT215 on */
	if (t->chip->nr_doms >= 0)
		KUNIT_EXPECT_EQ(test, n, t->chip->nr_doms + (t->chip->chipset >= 0xa3));

	dom = t->chip->gr_idle >= 0 ? 1 : 0;
	sig = max(t->chip->gr_idle, 0);
	if (t->chip->gr_idle >= 0) {
		char raw[16];

		qs.domain = dom;
		qs.iter = sig + 1;
		KUNIT_ASSERT_EQ(test, nvt_usif_mthd(d, NVT_PERFMON,
						    NVIF_PERFMON_V0_QUERY_SIGNAL,
						    &qs, sizeof(qs)), 0);
		KUNIT_EXPECT_EQ(test, qs.signal, sig);
		snprintf(raw, sizeof(raw), "/%02x", sig);
		KUNIT_EXPECT_NULL_MSG(test, strstr(qs.name, raw), "%s", qs.name);
	}
	KUNIT_EXPECT_EQ(test, nvt_usif_mthd(d, NVT_PERFMON, 0x42, &qd, sizeof(qd)),
			-EINVAL);

	/* PERFDOM: counter 0 follows PGRAPH.IDLE, counter 1 every cycle */
	pd->domain = dom;
	pd->ctr[0].signal[0] = sig;
	pd->ctr[0].logic_op = 0xaaaa;
	pd->ctr[1].logic_op = 0xffff;
	/* route 0xff: the abi16 device is the parent and has no PERFDOM */
	KUNIT_EXPECT_EQ(test, nvt_usif_new(d, 0xff, NVT_PERFMON, NVT_PERFDOM,
					   NVIF_CLASS_PERFDOM, pd, sizeof(*pd)), -EINVAL);
	/* route 0 under the PERFMON: 6.1's rule (nouveau.nvpm=0) refuses it */
	nvkm_nvpm_enable = false;
	ret = nvt_usif_new(d, 0, NVT_PERFMON, NVT_PERFDOM, NVIF_CLASS_PERFDOM,
			   pd, sizeof(*pd));
	nvkm_nvpm_enable = true;
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	KUNIT_ASSERT_EQ(test, nvt_usif_new(d, 0, NVT_PERFMON, NVT_PERFDOM,
					   NVIF_CLASS_PERFDOM, pd, sizeof(*pd)), 0);

	KUNIT_ASSERT_EQ(test, nvt_usif_mthd(d, NVT_PERFDOM, NVIF_PERFDOM_V0_INIT,
					    NULL, 0), 0);
	start = ktime_get_ns();
	KUNIT_ASSERT_EQ(test, nvt_usif_mthd(d, NVT_PERFDOM, NVIF_PERFDOM_V0_SAMPLE,
					    NULL, 0), 0);
	msleep(60);
	KUNIT_ASSERT_EQ(test, nvt_usif_mthd(d, NVT_PERFDOM, NVIF_PERFDOM_V0_SAMPLE,
					    NULL, 0), 0);
	t->period_us = div_u64(ktime_get_ns() - start, NSEC_PER_USEC) + 1;
	KUNIT_ASSERT_EQ(test, nvt_usif_mthd(d, NVT_PERFDOM, NVIF_PERFDOM_V0_READ,
					    &rd, sizeof(rd)), 0);
	nvt_expect_period(t, rd.clk, 60);
	KUNIT_EXPECT_EQ(test, rd.ctr[1], rd.clk);
	if (t->chip->gr_idle >= 0)
		nvt_expect_gr_idle(test, rd.ctr[0], rd.clk);

	/* nvpm's method on the same object */
	KUNIT_ASSERT_EQ(test, nvt_usif_mthd(d, NVT_PERFDOM, NVIF_PERFDOM_V0_NVPM_TOTALS,
					    &tot, sizeof(tot)), 0);
	KUNIT_EXPECT_EQ(test, tot.samples, 2ULL);
	KUNIT_EXPECT_EQ(test, tot.value[1], tot.cycles);

	/* DEL: nvkm_ioctl_del()'s 1 reaches the caller */
	KUNIT_EXPECT_EQ(test, nvt_usif_del(d, NVT_PERFDOM), 1);
	KUNIT_EXPECT_EQ(test, nvt_usif_mthd(d, NVT_PERFDOM, NVIF_PERFDOM_V0_READ,
					    &rd, sizeof(rd)), -ENOENT);
	KUNIT_EXPECT_EQ(test, nvt_usif_del(d, NVT_PERFMON), 1);
}

/*
 * nouveau lends nvpm its registers only: from the first PERFMON (the
 * engine's init) to the last one's end (its fini), every domain counted,
 * nvpm writes nothing but what a perfmon engine owns, and the state
 * nouveau keeps (its channel table, PFIFO's and PMC's interrupt
 * enables, the PRAMIN window) reads back as it was.
 */
static void
nvpm_pm_writes_only_what_perfmon_owns(struct kunit *test)
{
	struct nvt *t = nvt_new(test, true);
	struct nv_device_v0 dev = { .device = ~0ULL };
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);
	u32 before[ARRAY_SIZE(nvpm_host_kept)];
	struct nvif_perfdom_read_v0 rd;
	unsigned int i;
	int d;

	KUNIT_ASSERT_NOT_NULL(test, cat);
	for (i = 0; i < ARRAY_SIZE(nvpm_host_kept); i++) {
		nvpm_sim_gpu_wr32(t->sim, nvpm_host_kept[i].addr, nvpm_host_kept[i].value);
		before[i] = nvpm_sim_gpu_rd32(t->sim, nvpm_host_kept[i].addr);
		/* the simulated G84 keeps each: the check below can fail */
		if (t->chip->chipset == 0x84)
			KUNIT_ASSERT_EQ_MSG(test, before[i], nvpm_host_kept[i].value, "%s",
					    nvpm_host_kept[i].what);
	}

	t->watch = true;
	KUNIT_ASSERT_EQ(test, nvt_new_object(t, 0, NVT_DEVICE, NV_DEVICE,
					     &dev, sizeof(dev)), 0);
	KUNIT_ASSERT_EQ(test, nvt_new_object(t, NVT_DEVICE, NVT_PERFMON,
					     NVIF_CLASS_PERFMON, NULL, 0), 0);
	nvt_enumerate(t, cat);
	/* the PCOUNTER domains (the idle counters have cases of their own) */
	for (d = 0; d < cat->nr_doms && d < 8; d++) {
		if (!strcmp(cat->name[d], "pdaemon"))
			continue;
		KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM + d, d,
						  find_first_bit(cat->named[d], 256) & 0xff), 0);
		nvt_count(t, NVT_PERFDOM + d, 2, &rd);
	}
	for (d = 0; d < cat->nr_doms && d < 8; d++) {
		if (strcmp(cat->name[d], "pdaemon"))
			KUNIT_EXPECT_EQ(test, nvt_del(t, NVT_PERFDOM + d), 1);
	}
	KUNIT_EXPECT_EQ(test, nvt_del(t, NVT_PERFMON), 1);
	t->watch = false;

	KUNIT_EXPECT_GT(test, t->w.writes, 0U);
	for (i = 0; i < min(t->w.strays, NVPM_HOST_WATCH_STRAYS); i++)
		KUNIT_FAIL(test, "wrote %08x to %06x, not a perfmon register",
			   t->w.stray[i][1], t->w.stray[i][0]);
	KUNIT_EXPECT_EQ(test, t->w.strays, 0U);
	for (i = 0; i < ARRAY_SIZE(nvpm_host_kept); i++)
		KUNIT_EXPECT_EQ_MSG(test, nvpm_sim_gpu_rd32(t->sim, nvpm_host_kept[i].addr),
				    before[i], "%s at %06x changed", nvpm_host_kept[i].what,
				    nvpm_host_kept[i].addr);
}

/*
 * nouveau 6.1's semantics where nvpm's first version differed (see
 * Documentation/nvpm-nouveau.rst, "nouveau 6.1's PERFMON semantics")
 */

static int
nvt_mthd_none(struct nvt *t, u64 object, u8 mthd)
{
	return nvt_mthd(t, object, mthd, NULL, 0);
}

/*
 * INIT, one SAMPLE, READ: the period from INIT to that SAMPLE.  nouveau's
 * INIT latches once (its PRE_OP write swaps on G84:GF100, its USER_TRIGGER
 * pulse on GF100+), so its first SAMPLE ends a period that began at INIT.
 * Where nothing clears the shadow counters when a domain is programmed
 * (NV40:G84, GF100+), the first latch holds older counts, which nvpm drops:
 * INIT's latch must be that one.
 */
static void
nvpm_pm_first_sample_after_init_reads(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvif_perfdom_nvpm_totals_v0 tot = {};
	struct nvif_perfdom_read_v0 rd = {};
	u64 start;

	KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, 0, 0), 0);
	start = ktime_get_ns();
	KUNIT_ASSERT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM, NVIF_PERFDOM_V0_INIT), 0);
	msleep(20);
	KUNIT_ASSERT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM, NVIF_PERFDOM_V0_SAMPLE), 0);
	t->period_us = div_u64(ktime_get_ns() - start, NSEC_PER_USEC) + 1;
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_READ,
				       &rd, sizeof(rd)), 0);
	nvt_expect_period(t, rd.clk, 20);
	KUNIT_EXPECT_EQ(test, rd.ctr[1], rd.clk);

	/* the totals since INIT: that one period */
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_NVPM_TOTALS,
				       &tot, sizeof(tot)), 0);
	KUNIT_EXPECT_EQ(test, tot.samples, 1ULL);
	KUNIT_EXPECT_EQ(test, tot.cycles, (u64)rd.clk);
	KUNIT_EXPECT_EQ(test, tot.value[1], tot.cycles);
}

/* The idle counter domain, from nvpm's domain method; -1 without one. */
static int
nvt_idle_domain(struct nvt *t, const struct nvt_catalog *cat)
{
	struct nvif_perfmon_nvpm_domain_v0 nd = {};
	int d;

	for (d = 0; d < cat->nr_doms; d++) {
		nd.domain = d;
		KUNIT_ASSERT_EQ(t->test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_NVPM_DOMAIN,
						  &nd, sizeof(nd)), 0);
		if (nd.flags & NVIF_PERFMON_NVPM_DOMAIN_IDLE)
			return d;
	}
	return -1;
}

/*
 * What nvpm refuses and nouveau does not check, it refuses at NEW, which
 * nouveau's PERFDOM also fails on bad input: once NEW has accepted a
 * PERFDOM, INIT and SAMPLE return 0, as nouveau's always do.
 */
static void
nvpm_pm_refusals_come_at_new(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);
	struct nvif_perfdom_v0 *pd = kunit_kzalloc(test, sizeof(*pd), GFP_KERNEL);
	int i, idle;

	KUNIT_ASSERT_NOT_NULL(test, cat);
	KUNIT_ASSERT_NOT_NULL(test, pd);
	nvt_enumerate(t, cat);

	/* counter mode 5: the modes end at 4, EXTRA_B6_EVENT_B2 (pcounter_intro.rst) */
	pd->mode = 5;
	pd->ctr[1].logic_op = 0xffff;
	KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM, NVIF_CLASS_PERFDOM,
					     pd, sizeof(*pd)), -EINVAL);

	/* 16 PERFDOMs take turns on a domain (nvpm-nouveau.rst); the 17th is refused */
	for (i = 0; i < 16; i++)
		KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM + i, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, nvt_perfdom(t, NVT_PERFDOM + 16, 0, 0), -ENOSPC);

	/*
	 * The idle counters count "some engine busy", "all idle" or every
	 * cycle (pm_pdaemon_counter.rst: INCR_IF_ALL, INCR_IF_NOT_ALL): not
	 * "engines 0 and 1 both busy", 0x8888 over signals 0 and 1.
	 */
	idle = nvt_idle_domain(t, cat);
	if (idle >= 0) {
		memset(pd, 0, sizeof(*pd));
		pd->domain = idle;
		pd->ctr[0].signal[1] = 1;
		pd->ctr[0].logic_op = 0x8888;
		KUNIT_EXPECT_EQ(test, nvt_new_object(t, NVT_PERFMON, NVT_PERFDOM + 16,
						     NVIF_CLASS_PERFDOM, pd, sizeof(*pd)),
				-EINVAL);
	}

	for (i = 0; i < 16; i++)
		KUNIT_EXPECT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM + i, NVIF_PERFDOM_V0_INIT), 0);
	KUNIT_EXPECT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM, NVIF_PERFDOM_V0_SAMPLE), 0);
	KUNIT_EXPECT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM + 15, NVIF_PERFDOM_V0_SAMPLE), 0);
	KUNIT_EXPECT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM + 15, NVIF_PERFDOM_V0_INIT), 0);
}

/*
 * Before NV40 nouveau has no perfmon engine, and its PERFDOM's quad event
 * mode is not there to be latched: nvpm's PERFMON lists the domains with
 * no counters and offers no PERFDOM, rather than PERFDOMs that never
 * count.
 */
static void
nvpm_pm_no_perfdom_before_nv40(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvt_catalog *cat = kunit_kzalloc(test, sizeof(*cat), GFP_KERNEL);
	struct nvif_perfmon_nvpm_domain_v0 nd = {};
	int d;

	KUNIT_ASSERT_NOT_NULL(test, cat);
	nvt_enumerate(t, cat);
	KUNIT_EXPECT_EQ(test, cat->nr_doms, t->chip->nr_doms);
	for (d = 0; d < cat->nr_doms; d++) {
		KUNIT_EXPECT_EQ_MSG(test, cat->counter_nr[d], 0, "domain %d", d);
		nd.domain = d;
		KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFMON, NVIF_PERFMON_V0_NVPM_DOMAIN,
					       &nd, sizeof(nd)), 0);
		KUNIT_EXPECT_EQ_MSG(test, nd.nr_counters, 0, "domain %d", d);
		KUNIT_EXPECT_GT(test, nd.nr_signals, 0);
	}
	KUNIT_EXPECT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, 0, 0), -EINVAL);
}

/* READ, with the real time around the period @start .. now in @t. */
static int
nvt_read_period(struct nvt *t, u64 object, u64 start, struct nvif_perfdom_read_v0 *rd)
{
	t->period_us = div_u64(ktime_get_ns() - start, NSEC_PER_USEC) + 1;
	memset(rd, 0, sizeof(*rd));
	return nvt_mthd(t, object, NVIF_PERFDOM_V0_READ, rd, sizeof(*rd));
}

/*
 * Two PERFDOMs on one domain take turns, one period each.  A READ gives
 * the last period the PERFDOM counted: after one round both read, each
 * its own period.  One that has counted no period since INIT reads
 * -EAGAIN, as nouveau's READ does while the period's cycles are 0.
 */
static void
nvpm_pm_time_shared_perfdoms_read(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct nvif_perfdom_read_v0 rd;
	u64 t0, t1, t2;

	KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, nvt_perfdom(t, NVT_PERFDOM + 1, 0, 0), 0);
	t0 = ktime_get_ns();
	KUNIT_ASSERT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM, NVIF_PERFDOM_V0_INIT), 0);
	KUNIT_ASSERT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM + 1, NVIF_PERFDOM_V0_INIT), 0);
	msleep(20);
	t1 = ktime_get_ns();
	KUNIT_ASSERT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM, NVIF_PERFDOM_V0_SAMPLE), 0);

	/* the first PERFDOM counted from INIT; the second waited */
	KUNIT_ASSERT_EQ(test, nvt_read_period(t, NVT_PERFDOM, t0, &rd), 0);
	nvt_expect_period(t, rd.clk, 20);
	KUNIT_EXPECT_EQ(test, rd.ctr[1], rd.clk);
	KUNIT_EXPECT_EQ(test, nvt_read_period(t, NVT_PERFDOM + 1, t1, &rd), -EAGAIN);

	msleep(20);
	t2 = ktime_get_ns();
	KUNIT_ASSERT_EQ(test, nvt_mthd_none(t, NVT_PERFDOM, NVIF_PERFDOM_V0_SAMPLE), 0);

	/* now the second counted; the first keeps its period */
	KUNIT_ASSERT_EQ(test, nvt_read_period(t, NVT_PERFDOM + 1, t1, &rd), 0);
	nvt_expect_period(t, rd.clk, 20);
	KUNIT_EXPECT_EQ(test, rd.ctr[1], rd.clk);
	KUNIT_ASSERT_EQ(test, nvt_mthd(t, NVT_PERFDOM, NVIF_PERFDOM_V0_READ, &rd,
				       sizeof(rd)), 0);
	t->period_us = div_u64(t2 - t0, NSEC_PER_USEC) + 1;
	nvt_expect_period(t, rd.clk, 20);
	KUNIT_EXPECT_EQ(test, rd.ctr[1], rd.clk);
}

/*
 * nvpm's unprivileged parameter: its value in @was, then set to @on;
 * -errno when it cannot be reached (through sysfs, as a user sets it).
 */
#define NVT_UNPRIVILEGED	"/sys/module/nvpm/parameters/unprivileged"

static int
nvt_unprivileged(bool on, bool *was)
{
	char buf[4] = {};
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open(NVT_UNPRIVILEGED, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kernel_read(f, buf, sizeof(buf) - 1, &pos);
	filp_close(f, NULL);
	if (n <= 0)
		return n ? n : -EIO;
	if (was)
		*was = buf[0] == 'Y' || buf[0] == '1';

	f = filp_open(NVT_UNPRIVILEGED, O_WRONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	pos = 0;
	n = kernel_write(f, on ? "1" : "0", 1, &pos);
	filp_close(f, NULL);
	return n < 0 ? n : 0;
}

/* The caller's credentials without CAP_PERFMON and CAP_SYS_ADMIN. */
static struct cred *
nvt_cred_unprivileged(struct kunit *test)
{
	struct cred *cred = prepare_creds();

	KUNIT_ASSERT_NOT_NULL(test, cred);
	cap_lower(cred->cap_effective, CAP_PERFMON);
	cap_lower(cred->cap_effective, CAP_SYS_ADMIN);
	return cred;
}

static int
nvt_perfdom_as(struct nvt *t, const struct cred *cred, u64 object)
{
	const struct cred *old = override_creds(cred);
	int ret = nvt_perfdom(t, object, 0, 0);

	revert_creds(old);
	return ret;
}

/*
 * A PERFDOM counts for the whole device, whoever's work runs: like nvpm's
 * GROUP_CREATE it needs CAP_PERFMON (or CAP_SYS_ADMIN), or nvpm loaded
 * with unprivileged=1; refused, it leaves nothing behind.  So on the DRM
 * path, where patch 0004 admits PERFDOMs.
 */
static void
nvpm_pm_perfdom_needs_perfmon_cap(struct kunit *test)
{
	struct nvt *t = nvt_perfmon(test, true);
	struct cred *cred = nvt_cred_unprivileged(test);
	struct nvif_perfdom_v0 *pd;
	const struct cred *old;
	struct nvt_drm *d;
	bool was = false;
	int ret;

	KUNIT_ASSERT_EQ(test, nvt_unprivileged(false, &was), 0);
	ret = nvt_perfdom_as(t, cred, NVT_PERFDOM);
	KUNIT_EXPECT_EQ(test, ret, -EPERM);
	/* nothing was made: the handle is free, the domain takes a PERFDOM */
	KUNIT_EXPECT_EQ(test, nvt_perfdom(t, NVT_PERFDOM, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, nvt_del(t, NVT_PERFDOM), 1);

	/* unprivileged=1 lets anyone have them */
	KUNIT_EXPECT_EQ(test, nvt_unprivileged(true, NULL), 0);
	ret = nvt_perfdom_as(t, cred, NVT_PERFDOM + 1);
	KUNIT_EXPECT_EQ(test, nvt_unprivileged(was, NULL), 0);
	KUNIT_EXPECT_EQ(test, ret, 0);

	if (nvt_mm) {
		/* route 0 under the file's PERFMON (patch 0004) */
		t = nvt_new(test, true);
		d = nvt_drm_new(t);
		pd = kunit_kzalloc(test, sizeof(*pd), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, pd);
		pd->ctr[1].logic_op = 0xffff;
		KUNIT_ASSERT_EQ(test, nvt_usif_new(d, 0xff, 0, NVT_PERFMON, NVIF_CLASS_PERFMON,
						   NULL, 0), 0);
		old = override_creds(cred);
		ret = nvt_usif_new(d, 0, NVT_PERFMON, NVT_PERFDOM, NVIF_CLASS_PERFDOM,
				   pd, sizeof(*pd));
		revert_creds(old);
		KUNIT_EXPECT_EQ(test, ret, -EPERM);
		KUNIT_EXPECT_EQ(test, nvt_usif_new(d, 0, NVT_PERFMON, NVT_PERFDOM,
						   NVIF_CLASS_PERFDOM, pd, sizeof(*pd)), 0);
	}
	put_cred(cred);
}

static struct kunit_case nouveau_nvpm_cases[] = {
	KUNIT_CASE_PARAM(nvpm_pm_writes_only_what_perfmon_owns, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nouveau_pm_catalog_enumerates, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nouveau_pm_counts_sim_gr_load, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_catalog_matches_nouveau, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_counts_like_nouveau, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_idle_counters_through_perfdom, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_read_before_sample_is_eagain, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_bad_input_changes_nothing, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_perfdoms_are_bounded, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_through_drm_nvif, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_first_sample_after_init_reads, nvt_quad_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_refusals_come_at_new, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_no_perfdom_before_nv40, nvt_single_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_time_shared_perfdoms_read, nvt_chip_gen_params),
	KUNIT_CASE_PARAM(nvpm_pm_perfdom_needs_perfmon_cap, nvt_chip_gen_params),
	{}
};

static struct kunit_suite nouveau_nvpm_suite = {
	.name = "nouveau_nvpm",
	.suite_init = nvt_suite_init,
	.suite_exit = nvt_suite_exit,
	.test_cases = nouveau_nvpm_cases,
};

kunit_test_suite(nouveau_nvpm_suite);
