/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The marker instructions of the lab's QEMU plugins (exact.c, coherence.c):
 * a nopl with a displacement of its own, which the plugins recognise by
 * its bytes when QEMU translates it. Keep them in step with
 * guest-rootfs/src/exact-marker.h and brlock_bench's (tests/48 and 50
 * check that they agree).
 */
#ifndef LAB_PLUGIN_MARKERS_H
#define LAB_PLUGIN_MARKERS_H

#include <stddef.h>
#include <stdint.h>

#define MARK_START	0x45584301u	/* opens a window */
#define MARK_STOP	0x45584302u	/* closes it */
#define MARK_IGNORE	0x45584303u	/* coherence.c: the next access's line is ignored */
#define MARK_UNIGNORE	0x45584304u	/* ... and counted again */
#define MARK_MUTE	0x45584305u	/* coherence.c: this vCPU not counted */
#define MARK_UNMUTE	0x45584306u	/* ... and counted again */

/* The marker an instruction is (MARK_START..MARK_UNMUTE), or 0. */
static inline uint32_t marker_of(const uint8_t *b, size_t size)
{
	uint32_t disp;

	if (size != 7 || b[0] != 0x0f || b[1] != 0x1f || b[2] != 0x80)
		return 0;
	disp = b[3] | b[4] << 8 | b[5] << 16 | (uint32_t)b[6] << 24;
	return disp >= MARK_START && disp <= MARK_UNMUTE ? disp : 0;
}

#endif /* LAB_PLUGIN_MARKERS_H */
