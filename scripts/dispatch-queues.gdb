# Prints libdispatch's root queues of a live process (Swift 6.3 on Linux, x86_64), for a stuck test:
#   gdb -p PID -batch -x scripts/dispatch-queues.gdb
# Offsets from swift-corelibs-libdispatch's struct dispatch_queue_global_s (128 bytes each):
# dq_label at 72, dgq_thread_pool_size at 100, dq_items_head at 104, dgq_pending at 112,
# dq_items_tail at 48. A queue with work has a head and a tail; "size" is the threads it may
# still start (negative when the Linux workqueue monitor added threads for blocked ones).
set pagination off
set $i = 0
while $i < 12
  set $q = (char*)&_dispatch_root_queues + 128*$i
  printf "%-40s size=%d pending=%d head=%p tail=%p\n", *(char**)($q+72), *(int*)($q+100), *(int*)($q+112), *(void**)($q+104), *(void**)($q+48)
  set $i = $i + 1
end
printf "main q: tail=%p head=%p state=%lx\n", *(void**)((char*)&_dispatch_main_q+48), *(void**)((char*)&_dispatch_main_q+104), *(unsigned long*)((char*)&_dispatch_main_q+56)
