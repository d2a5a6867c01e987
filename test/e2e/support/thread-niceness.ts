import { readdirSync, readFileSync } from 'node:fs';

/** The niceness of each thread of a process, by thread id (field 19 of /proc/<pid>/task/<tid>/stat). */
export function threadNiceness(pid: number | 'self'): Map<number, number> {
  const niceness = new Map<number, number>();
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    niceness.set(Number(thread), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return niceness;
}
