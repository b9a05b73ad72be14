# shellcheck shell=sh
# container-storm-costs.sh: the kernel's cost model behind container-storm's
# write_sections and namespace_sections: how many write sections of the
# vfsmount brlock each of its operations takes. Sourced by container-storm,
# which applies it to the counts of what it did, and by the guest test that
# holds the model to the kernel's write_acquires
# (tests/guest/35-container-storm.t).
#
# Write sections of the vfsmount brlock per operation (write_acquires with
# counting on; patches 0002-0003, 0009-0012 and 0026-0028, measured in
# the guest by tests/guest/35-container-storm.t), T being the mounts a
# mount propagates to (peers and slaves, the one mounted on left out):
#
#   mount under a shared mount, T targets     T + 2  attach_recursive_mnt(),
#                                                    a propagate_one() per
#                                                    target, propagate_mnt()
#   umount of it                              2      do_umount(), then the
#                                                    puts of the mount (the
#                                                    caller's too) and of
#                                                    every copy in one
#                                                    (namespace_unlock_put(),
#                                                    patches 0027, 0028)
#   private mount, bind mount                 1
#   umount, umount -l                         2
#   umount that finds the mount busy          1      do_umount()
#   pivot_root                                1
#
# Measured (write_acquires, counting on, one mount and its umount):
#
#   peers (the group, the mounted-on one included)   1   2   4   1   1   1
#   slaves (copies in other mount namespaces)         0   0   0   1   2   4
#   T (targets: peers - 1 + slaves)                   0   1   3   1   2   4
#   mount                                             2   3   5   3   4   6
#   umount                                            2   2   2   2   2   2
#
# A peer and a slave cost the same: one propagate_one() write section
# each at the mount; at the umount, propagate_umount() runs inside
# do_umount()'s write section, and the copies' last puts inside the one
# that drops the mount's.
#
# A container's namespace, made from one of M mounts (M >= 2), takes 5
# of its own: copy_tree() 1 (patch 0026: it attaches all its copies in
# one section; one of a single mount would take none), unshare's
# --propagation slave 1, and at its end, when its last process exits
# (put_mnt_ns()), the umount_tree() of its mounts 1, the puts of all of
# them in namespace_unlock() 1 (patch 0027), and 1 more: the exiting
# shell's script file, on the namespace's copy of the root, is closed
# (__fput()) after the namespace is gone, so that last put of the copy
# takes the write side too.
#
# In a user namespace, 6 + P: lock_mnt_tree() 1 more, and the copies of
# the mounts under the root are locked to their parents (MNT_LOCKED), so
# umount_tree() leaves them attached: namespace_unlock() drops the root
# alone, and each mount's children are dropped, in one section, by the
# cleanup of that mount (cleanup_mnt()'s stuck children) once it has
# gone: one section for each of the P mounts that have a mount on them.
# M and P count every mount of the namespace, those its root does not
# reach too (on lab.root=tmpfs, the rootfs under the root). The summary
# gives those apart: namespace_sections.
#
# The model applied to what a storm did. With the container-storm summary's
# counts (the shared parent's mount, made shared, and its umount are the
# storm's own 2 + 2):
#
# cstorm_write_sections TARGETS VOLUME_MOUNTS VOLUME_UMOUNTS CONTAINER_MOUNTS
#     CONTAINER_UMOUNTS PIVOTS BUSY
cstorm_write_sections() {
	echo $((2 + 2 + $2 * ($1 + 2) + $3 * 2 + $4 * 1 + $5 * 2 + $6 + $7))
}

# cstorm_namespace_sections NAMESPACES NAMESPACE_PARENTS USER_NAMESPACES:
# NAMESPACE_PARENTS is the sum of P over the namespaces (each a copy of
# the storm's, of 2 mounts or more), USER_NAMESPACES 1 when they are user
# namespaces too.
cstorm_namespace_sections() {
	echo $(($1 * (5 + $3) + $2 * $3))
}
