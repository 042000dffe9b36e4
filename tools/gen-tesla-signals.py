#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate the G80:GF100 PCOUNTER signal catalog.

Usage: tools/gen-tesla-signals.py REFERENCE.rst > nvkm/engine/pm/tesla_signals.c

REFERENCE.rst is envytools' pcounter_tesla.rst: one reStructuredText simple
table per clock domain (one column per chipset, found by the header row's
chipset names, never by position), and a bullet list for the shader clock.

Rules applied (each one is checked; anything unexpected stops the generator
with a message on stderr and exit status 1):

- A cell "--" (absent) or "??" (unknown) yields nothing.  "2a" is one signal
  named as the row; "2a-2b" is a run of signals NAME[0], NAME[1], ...
- A row whose name contains "???" is named by its documentation column when
  that column is an identifier, and skipped otherwise.  Accepted forms:
  "ident", "ident[3]" (used as they are on a single signal),
  "ident[0-3]" (expanded over a run of the same length) and a "*" standing
  for an unknown part of the name, which becomes "any"
  ("setup_*_count[1]" -> "setup_any_count[1]").
- The row "PCOUNTER,USER" is the document's typo for "PCOUNTER.USER"; the
  VP2 cell "r28" is its typo for "28".
- Each domain of a chipset (G80: 5, MCP77/MCP79: 7 without memory, others:
  8) takes its column from exactly one table; vdec has two tables (VP2,
  VP3/VP4) and a chipset must be in one of them.  A table with a column for
  a chipset that lacks the domain is an error.
- Shader clock bullets: "0xNN-0xMM: NAME [CHIPS]", where CHIPS is "A" (that
  chipset), "A:" (A and every later column) or "A:B" (A up to B, B
  excluded), in the tables' column order; whitespace in NAME becomes "_".
  The "[XXX]" bullet (unknown signals) is skipped.
- PCOUNTER.TRAILER gives nr_signals (its last signal + 1); its signals are
  not listed.  Its first signal must be the trailer base (nr_signals - 0x20)
  + 0x0e on G80, + 0x0c on G84+, as pcounter_intro.rst lays them out, and
  every named signal must lie below it.
- A number claimed by two rows of a domain keeps the first row's name (in
  document order); the others are reported on stderr.  A name produced
  twice in a domain is an error.

With -v, the number of named signals per chipset and domain goes to stderr.
"""

import hashlib
import os
import re
import sys

# (doc name, C prefix, chipset id), in the tables' column order.
CHIPS = [
    ('G80', 'g80', 0x50),
    ('G84', 'g84', 0x84),
    ('G86', 'g86', 0x86),
    ('G92', 'g92', 0x92),
    ('G94', 'g94', 0x94),
    ('G96', 'g96', 0x96),
    ('G98', 'g98', 0x98),
    ('G200', 'g200', 0xa0),
    ('MCP77', 'mcp77', 0xaa),
    ('MCP79', 'mcp79', 0xac),
    ('GT215', 'gt215', 0xa3),
    ('GT216', 'gt216', 0xa5),
    ('GT218', 'gt218', 0xa8),
    ('MCP89', 'mcp89', 0xaf),
]
CHIP_NAMES = [c[0] for c in CHIPS]
MCP7X = ('MCP77', 'MCP79')

# domain -> (clock, rst sections holding its signals)
DOMAINS = {
    'host': ('host', ['Host clock']),
    'core_a': ('core', ['Core clock A']),
    'core_b': ('core', ['Core clock B']),
    'shader': ('shader', ['Shader clock']),
    'memory': ('memory', ['Memory clock']),
    'core_c': ('core', ['Core clock C']),
    'vdec': ('vdec', ['Vdec clock (VP2)', 'Vdec clock (VP3/VP4)']),
    'core_d': ('core', ['Core clock D']),
}
DOMS_G80 = ['host', 'core_a', 'core_b', 'shader', 'memory']
DOMS_G84 = ['host', 'core_a', 'core_b', 'shader', 'memory', 'core_c', 'vdec', 'core_d']
DOMS_MCP7X = ['host', 'core_a', 'core_b', 'shader', 'core_c', 'vdec', 'core_d']

ROW_TYPOS = {'PCOUNTER,USER': 'PCOUNTER.USER'}
# (section, row, chip): (cell as written, cell as meant)
CELL_TYPOS = {('Vdec clock (VP2)', 'PVP2.CG_IFACE_DISABLE', 'G96'): ('r28', '28')}

TRAILER = 'PCOUNTER.TRAILER'
IDENT = r'[A-Za-z_][A-Za-z0-9_]*'
DOC_NAME = re.compile(r'^(' + IDENT + r'(?:\*[A-Za-z0-9_]*)?)(?:\[(\d+)(?:-(\d+))?\])?$')
HEX = re.compile(r'^([0-9a-f]{2})(?:-([0-9a-f]{2}))?$')


class GenError(Exception):
    pass


def warn(msg):
    print('gen-tesla-signals: ' + msg, file=sys.stderr)


def doms_of(chip):
    if chip == 'G80':
        return DOMS_G80
    if chip in MCP7X:
        return DOMS_MCP7X
    return DOMS_G84


def split_sections(lines):
    """Map each section title to its lines (title underlined by '=')."""
    sections = {}
    title = None
    skip = False
    for i, line in enumerate(lines):
        if skip:
            skip = False
            continue
        if i + 1 < len(lines) and re.fullmatch(r'=+', lines[i + 1]) and \
           line.strip() and not line.startswith('=') and \
           len(lines[i + 1]) >= len(line.rstrip()):
            title = line.strip()
            if title in sections:
                raise GenError('section "%s" appears twice' % title)
            sections[title] = []
            skip = True
            continue
        if title is not None:
            sections[title].append(line)
    return sections


def parse_table(section, lines):
    """Parse the one simple table of a section into (header, rows)."""
    borders = [i for i, l in enumerate(lines) if re.fullmatch(r'=+( +=+)+ *', l)]
    if len(borders) != 3:
        raise GenError('%s: expected one simple table, found %d border lines' %
                       (section, len(borders)))
    border = lines[borders[0]].rstrip()
    if any(lines[b].rstrip() != border for b in borders):
        raise GenError('%s: the border lines differ' % section)
    cols = [(m.start(), m.end()) for m in re.finditer(r'=+', border)]

    def cells(lineno):
        line = lines[lineno].rstrip()
        out = []
        for n, (start, end) in enumerate(cols):
            last = n + 1 == len(cols)
            if not last:
                gap = line[end:cols[n + 1][0]]
                if gap.strip():
                    raise GenError('%s: text crosses a column border: "%s"' %
                                   (section, line))
                out.append(line[start:end].strip())
            else:
                out.append(line[start:].strip())
        return out

    header = cells(borders[0] + 1)
    if borders[1] != borders[0] + 2:
        raise GenError('%s: the header must be one line' % section)
    if header[0] != 'signal' or header[-1] != 'documentation':
        raise GenError('%s: unexpected header %s' % (section, header))
    chips = header[1:-1]
    for chip in chips:
        if chip not in CHIP_NAMES:
            raise GenError('%s: unknown chipset column "%s"' % (section, chip))
    if len(set(chips)) != len(chips):
        raise GenError('%s: a chipset column appears twice' % section)
    rows = []
    for lineno in range(borders[1] + 1, borders[2]):
        if not lines[lineno].strip():
            raise GenError('%s: blank line inside the table' % section)
        c = cells(lineno)
        if not c[0]:
            raise GenError('%s: row without a name: "%s"' % (section, lines[lineno]))
        rows.append((c[0], dict(zip(chips, c[1:-1])), c[-1]))
    return chips, rows


def parse_cell(section, row, chip, cell):
    """Return None for no signal, else (first, last)."""
    typo = CELL_TYPOS.get((section, row, chip))
    if typo and cell == typo[0]:
        warn('%s: %s on %s: reading "%s" as "%s"' % (section, row, chip, cell, typo[1]))
        cell = typo[1]
    if cell in ('--', '??'):
        return None
    m = HEX.match(cell)
    if not m:
        raise GenError('%s: %s on %s: cannot parse "%s"' % (section, row, chip, cell))
    first = int(m.group(1), 16)
    last = int(m.group(2), 16) if m.group(2) else first
    if last < first:
        raise GenError('%s: %s on %s: empty range "%s"' % (section, row, chip, cell))
    return first, last


def expand(name, first, last):
    if first == last:
        return [(first, name)]
    return [(first + i, '%s[%d]' % (name, i)) for i in range(last - first + 1)]


def name_row(section, row, doc, first, last):
    """The (number, name) list of one cell, or None to skip the row."""
    if '???' not in row:
        return expand(row, first, last)
    m = DOC_NAME.match(doc)
    if not m:
        return None
    base = m.group(1).replace('*', 'any')
    if m.group(2) is None:
        return expand(base, first, last)
    lo = int(m.group(2))
    hi = int(m.group(3)) if m.group(3) is not None else lo
    if hi - lo != last - first:
        raise GenError('%s: %s: "%s" names %d signals, the cell has %d' %
                       (section, row, doc, hi - lo + 1, last - first + 1))
    return [(first + i, '%s[%d]' % (base, lo + i)) for i in range(last - first + 1)]


def chip_spec(spec):
    """Chipsets of a "[A]", "[A:]" or "[A:B]" marker, in column order."""
    if spec is None:
        return list(CHIP_NAMES)
    lo, colon, hi = spec.partition(':')
    for c in (lo, hi):
        if c and c not in CHIP_NAMES:
            raise GenError('Shader clock: unknown chipset "%s"' % c)
    i = CHIP_NAMES.index(lo)
    if not colon:
        return [lo]
    j = CHIP_NAMES.index(hi) if hi else len(CHIP_NAMES)
    if j <= i:
        raise GenError('Shader clock: empty chipset range "%s"' % spec)
    return CHIP_NAMES[i:j]


def parse_shader(lines):
    """The shader bullet list as table-like rows: (name, {chip: (f, l)})."""
    bullet = re.compile(r'^- 0x([0-9a-f]{2})(?:-0x([0-9a-f]{2}))?: (.+?)(?: \[([A-Z0-9:]+)\])?$')
    rows = []
    for line in lines:
        line = line.rstrip()
        if not line:
            continue
        if line == '- [XXX]':
            continue
        m = bullet.match(line)
        if not m:
            raise GenError('Shader clock: cannot parse "%s"' % line)
        first = int(m.group(1), 16)
        last = int(m.group(2), 16) if m.group(2) else first
        name = re.sub(r'\s+', '_', m.group(3).strip())
        if not re.fullmatch(r'[A-Za-z0-9_.]+', name):
            raise GenError('Shader clock: bad name "%s"' % m.group(3))
        rows.append((name, {c: (first, last) for c in chip_spec(m.group(4))}))
    return rows


def collect(sections):
    """Return {chip: {domain: (nr_signals, [(number, name)])}}."""
    # domain -> list of (section, rows); a row is (name, {chip: range|None}, doc)
    sources = {}
    for dom, (_, titles) in DOMAINS.items():
        sources[dom] = []
        for title in titles:
            if title not in sections:
                raise GenError('no section "%s"' % title)
            if dom == 'shader':
                rows = [(n, r, '') for n, r in parse_shader(sections[title])]
                chips = sorted({c for _, r, _ in rows for c in r}, key=CHIP_NAMES.index)
            else:
                chips, trows = parse_table(title, sections[title])
                rows = []
                for name, cells, doc in trows:
                    name = ROW_TYPOS.get(name, name)
                    rows.append((name, {c: parse_cell(title, name, c, v)
                                        for c, v in cells.items()}, doc))
            sources[dom].append((title, chips, rows))

    out = {}
    for chip in CHIP_NAMES:
        out[chip] = {}
        for dom in DOMAINS:
            having = [s for s in sources[dom] if chip in s[1]]
            if dom not in doms_of(chip):
                if having:
                    raise GenError('%s has no %s domain, but "%s" has a column for it' %
                                   (chip, dom, having[0][0]))
                continue
            if len(having) != 1:
                raise GenError('%s: %d sources for its %s domain' % (chip, len(having), dom))
            out[chip][dom] = domain_signals(chip, dom, *having[0])
    return out


def domain_signals(chip, dom, title, chips, rows):
    trailer = [r[1][chip] for r in rows if r[0] == TRAILER and r[1].get(chip)]
    if len(trailer) != 1:
        raise GenError('%s: %d %s rows on %s' % (title, len(trailer), TRAILER, chip))
    tfirst, tlast = trailer[0]
    nr = tlast + 1
    if nr % 0x20:
        raise GenError('%s: %s on %s ends at 0x%02x' % (title, TRAILER, chip, tlast))
    want = nr - 0x20 + (0x0e if chip == 'G80' else 0x0c)
    if tfirst != want:
        raise GenError('%s: %s on %s starts at 0x%02x, not 0x%02x' %
                       (title, TRAILER, chip, tfirst, want))

    by_num = {}
    by_name = {}
    for name, cells, doc in rows:
        if name == TRAILER or not cells.get(chip):
            continue
        first, last = cells[chip]
        sigs = name_row(title, name, doc, first, last)
        if sigs is None:
            continue
        for num, sname in sigs:
            if num >= tfirst:
                raise GenError('%s: %s on %s: 0x%02x is not below the trailer (0x%02x)' %
                               (title, sname, chip, num, tfirst))
            if num in by_num:
                warn('%s: %s on %s: 0x%02x is already %s, dropping %s' %
                     (title, name, chip, num, by_num[num], sname))
                continue
            if sname in by_name:
                raise GenError('%s: "%s" on %s is both 0x%02x and 0x%02x' %
                               (title, sname, chip, by_name[sname], num))
            by_num[num] = sname
            by_name[sname] = num
    return nr, sorted(by_num.items())


def c_string(s):
    if not re.fullmatch(r'[A-Za-z0-9_.\[\]]+', s):
        raise GenError('name "%s" has characters the catalog does not allow' % s)
    return '"%s"' % s


def emit(data, src_name, digest):
    """The catalog: one chip descriptor per chipset, named <prefix>_pm_catalog
    for the chipset table's rows, and the list of them for the tests.  Signal
    and domain arrays with the same contents are written once and shared."""
    o = []
    o.append('// SPDX-License-Identifier: MIT')
    o.append('/*')
    o.append(' * G80:GF100 PCOUNTER signal catalog.')
    o.append(' *')
    o.append(' * Generated by tools/gen-tesla-signals.py from envytools\' %s' % src_name)
    o.append(' * (sha256 %s).' % digest)
    o.append(' * Do not edit: change the generator or the reference and run it again.')
    o.append(' */')
    o.append('#include <linux/kernel.h>')
    o.append('#include "catalog.h"')
    sig_arrays = {}     # tuple of signals -> C name
    for chip, prefix, _ in CHIPS:
        for dom in doms_of(chip):
            nr, sigs = data[chip][dom]
            key = tuple(sigs)
            if not sigs or key in sig_arrays:
                continue
            sig_arrays[key] = '%s_%s_signals' % (prefix, dom)
            o.append('')
            o.append('static const struct nvkm_pm_signal_desc')
            o.append('%s[] = {' % sig_arrays[key])
            for num, name in sigs:
                o.append('\t{ 0x%02x, %s },' % (num, c_string(name)))
            o.append('};')
    dom_arrays = {}     # tuple of domains -> C name
    for chip, prefix, _ in CHIPS:
        doms = tuple((dom, data[chip][dom][0], tuple(data[chip][dom][1]))
                     for dom in doms_of(chip))
        if doms in dom_arrays:
            continue
        dom_arrays[doms] = '%s_doms' % prefix
        o.append('')
        o.append('static const struct nvkm_pm_domain_desc')
        o.append('%s[] = {' % dom_arrays[doms])
        for dom, nr, sigs in doms:
            o.append('\t{')
            o.append('\t\t.name = "%s",' % dom)
            o.append('\t\t.clock = "%s",' % DOMAINS[dom][0])
            o.append('\t\t.nr_signals = 0x%03x,' % nr)
            if sigs:
                o.append('\t\t.signals = %s,' % sig_arrays[sigs])
                o.append('\t\t.nr_named = ARRAY_SIZE(%s),' % sig_arrays[sigs])
            o.append('\t},')
        o.append('};')
    for chip, prefix, chipset in CHIPS:
        doms = tuple((dom, data[chip][dom][0], tuple(data[chip][dom][1]))
                     for dom in doms_of(chip))
        o.append('')
        o.append('const struct nvkm_pm_chip_desc')
        o.append('%s_pm_catalog = {' % prefix)
        o.append('\t.chipset = 0x%02x,\t/* %s */' % (chipset, chip))
        o.append('\t.doms = %s,' % dom_arrays[doms])
        o.append('\t.nr_doms = ARRAY_SIZE(%s),' % dom_arrays[doms])
        o.append('};')
    o.append('')
    o.append('const struct nvkm_pm_chip_desc * const')
    o.append('nvkm_pm_tesla_chips[] = {')
    for chip, prefix, chipset in CHIPS:
        o.append('\t&%s_pm_catalog,' % prefix)
    o.append('};')
    o.append('')
    o.append('const unsigned int nvkm_pm_tesla_nr_chips = ARRAY_SIZE(nvkm_pm_tesla_chips);')
    for line in o:
        if len(line.expandtabs(8)) > 100:
            raise GenError('output line too long: %s' % line)
    return '\n'.join(o) + '\n'


def main(argv):
    verbose = False
    args = argv[1:]
    if args and args[0] == '-v':
        verbose = True
        args = args[1:]
    if len(args) != 1:
        print('usage: %s [-v] REFERENCE.rst > tesla_signals.c' % argv[0], file=sys.stderr)
        return 2
    with open(args[0], 'rb') as f:
        raw = f.read()
    try:
        lines = raw.decode('utf-8').split('\n')
        data = collect(split_sections(lines))
        text = emit(data, os.path.basename(args[0]), hashlib.sha256(raw).hexdigest())
    except GenError as e:
        warn('error: %s' % e)
        return 1
    if verbose:
        for chip in CHIP_NAMES:
            warn('%-5s %s' % (chip, ' '.join('%s=%d' % (d, len(data[chip][d][1]))
                                             for d in doms_of(chip))))
    sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
