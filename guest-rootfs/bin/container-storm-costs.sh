# shellcheck shell=sh
# container-storm-costs.sh: the kernel's cost model behind container-storm's
# write_sections and namespace_sections: how many write sections of the
# vfsmount brlock each of its operations takes. Sourced by container-storm,
# which applies it to the counts of what it did, and by the guest test that
# holds the model to the kernel's write_acquires
# (tests/guest/35-container-storm.t).
#
# Write sections of the vfsmount brlock per operation (write_acquires with
# counting on; patches 0002-0003, 0009-0012, 0026-0028 and 0032, measured
# in the guest by tests/guest/35-container-storm.t), T being the mounts a
# mount propagates to (peers and slaves, the one mounted on left out):
#
#   mount under a shared mount, T targets     T + 2  attach_recursive_mnt(),
#                                                    a propagate_one() per
#                                                    target, propagate_mnt()
#   umount of it                              1      do_umount(); the puts
#                                                    of the mount (the
#                                                    caller's too) and of
#                                                    every copy follow in
#                                                    one section that is
#                                                    no write section
#   private mount, bind mount                 1
#   umount, umount -l                         1
#   umount that finds the mount busy          1      do_umount()
#   pivot_root                                1
#
# The puts of mounts in no namespace take the writers' lock alone
# (brlock_lock_writers(), patch 0032), unless one of the mounts put has a
# mount on it: that put unhashes its children, and takes the write side.
# write_acquires counts write sections only.
#
# Measured (write_acquires, counting on, one mount and its umount):
#
#   peers (the group, the mounted-on one included)   1   2   4   1   1   1
#   slaves (copies in other mount namespaces)         0   0   0   1   2   4
#   T (targets: peers - 1 + slaves)                   0   1   3   1   2   4
#   mount                                             2   3   5   3   4   6
#   umount                                            1   1   1   1   1   1
#
# A peer and a slave cost the same: one propagate_one() write section
# each at the mount; at the umount, propagate_umount() runs inside
# do_umount()'s write section.
#
# A container's namespace, made from one of M mounts (M >= 2), takes 3
# of its own: copy_tree() 1 (patch 0026: it attaches all its copies in
# one section; one of a single mount would take none), unshare's
# --propagation slave 1, and at its end, when its last process exits
# (put_mnt_ns()), the umount_tree() of its mounts 1. umount_tree()
# disconnects every mount, so their puts, in namespace_unlock() and
# later (the exiting shell's script file, on the namespace's copy of the
# root, is closed after the namespace is gone), find no children.
#
# In a user namespace, 6 + G: lock_mnt_tree() 1 more, and the copies of
# the mounts under the root are locked to their parents (MNT_LOCKED), so
# umount_tree() leaves them attached: the root keeps its children, and
# both its puts take the write side, namespace_unlock()'s and the script
# file's, the last, which unhashes them. Each mount's children are then
# dropped, in one section, by the cleanup of that mount (cleanup_mnt()'s
# stuck children) once it has gone: a write section if one of the
# children has a child in turn, so one for each of the G mounts with a
# grandchild. M and G count every mount of the namespace, those its root
# does not reach too (on lab.root=tmpfs, the rootfs under the root). The
# summary gives those apart: namespace_sections.
#
# The model applied to what a storm did. With the container-storm summary's
# counts (the shared parent's mount, made shared, and its umount are the
# storm's own 2 + 1):
#
# cstorm_write_sections TARGETS VOLUME_MOUNTS VOLUME_UMOUNTS CONTAINER_MOUNTS
#     CONTAINER_UMOUNTS PIVOTS BUSY
cstorm_write_sections() {
	echo $((2 + 1 + $2 * ($1 + 2) + $3 + $4 + $5 + $6 + $7))
}

# cstorm_namespace_sections NAMESPACES NAMESPACE_GRANDPARENTS
#     USER_NAMESPACES: NAMESPACE_GRANDPARENTS is the sum of G over the
# namespaces (each a copy of the storm's, of 2 mounts or more),
# USER_NAMESPACES 1 when they are user namespaces too.
cstorm_namespace_sections() {
	echo $(($1 * (3 + 3 * $3) + $2 * $3))
}
