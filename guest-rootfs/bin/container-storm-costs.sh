# shellcheck shell=sh
# container-storm-costs.sh: the kernel's cost model behind container-storm's
# write_sections and namespace_sections: how many write sections of the
# vfsmount brlock each of its operations takes. Sourced by container-storm,
# which applies it to the counts of what it did, and by the guest test that
# holds the model to the kernel's write_acquires
# (tests/guest/35-container-storm.t).
#
# Write sections of the vfsmount brlock per operation (write_acquires with
# counting on; patches 0002-0003 and 0009-0012, measured in the guest by
# tests/guest/35-container-storm.t), T being the mounts a mount propagates
# to (peers and slaves, the one mounted on left out):
#
#   mount under a shared mount, T targets     T + 2  attach_recursive_mnt(),
#                                                    a propagate_one() per
#                                                    target, propagate_mnt()
#   umount of it                              T + 3  do_umount(), the two
#                                                    puts of the mount, the
#                                                    last put of every copy
#   private mount, bind mount                 1
#   umount, umount -l                         3
#   umount that finds the mount busy          1      do_umount()
#   pivot_root                                1
#
# Measured (write_acquires, counting on, one mount and its umount):
#
#   peers (the group, the mounted-on one included)   1   2   4   1   1   1
#   slaves (copies in other mount namespaces)         0   0   0   1   2   4
#   T (targets: peers - 1 + slaves)                   0   1   3   1   2   4
#   mount                                             2   3   5   3   4   6
#   umount                                            3   4   6   4   5   7
#
# A peer and a slave cost the same: one propagate_one() write section
# each at the mount, one last put each at the umount (propagate_umount()
# itself runs inside do_umount()'s write section).
#
# A container's namespace, made from one of M mounts (M >= 2), takes
# M + 4 of its own (M + 5 in a user namespace): copy_tree() 1 (patch 0026:
# it attaches all its copies in one section; one of a single mount would
# take none), unshare's --propagation slave 1 (and lock_mnt_tree() 1 in
# a user namespace), and at its end, when its last process exits
# (put_mnt_ns()), the umount_tree() of its mounts 1, a put of each of its
# M mounts in namespace_unlock() M, and 1 more: the exiting shell's
# script file, on the namespace's copy of the root, is closed (__fput())
# after the namespace is gone, so that last put of the copy takes the
# write side too. M counts every mount of the namespace, those its root
# does not reach too (on lab.root=tmpfs, the rootfs under the root). The
# summary gives those apart: namespace_sections.
#
# The model applied to what a storm did. With the container-storm summary's
# counts (the shared parent's mount, made shared, and its umount are the
# storm's own 2 + 3):
#
# cstorm_write_sections TARGETS VOLUME_MOUNTS VOLUME_UMOUNTS CONTAINER_MOUNTS
#     CONTAINER_UMOUNTS PIVOTS BUSY
cstorm_write_sections() {
	echo $((2 + 3 + $2 * ($1 + 2) + $3 * ($1 + 3) + $4 * 1 + $5 * 3 + $6 + $7))
}

# cstorm_namespace_sections NAMESPACES NAMESPACE_MOUNTS USER_NAMESPACES:
# NAMESPACE_MOUNTS is the sum of M over the namespaces (each a copy of the
# storm's, of 2 mounts or more), USER_NAMESPACES 1 when they are user
# namespaces too.
cstorm_namespace_sections() {
	echo $(($2 + $1 * (4 + $3)))
}
