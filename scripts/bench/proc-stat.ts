/**
 * CPU time (ms, user + system) in a line of /proc/<pid>/stat (Linux): the process's own, or that of the children it
 * has reaped (how the generator's CPU is read from the shell that waited for wrk).
 */
export function cpuMsOfStat(line: string, whose: 'own' | 'reaped' = 'own') {
  // Fields counted after the command name in parentheses (field 3 on): utime and stime are 14-15, cutime and cstime
  // 16-17, in clock ticks of 1/100 s.
  const fields = line.slice(line.lastIndexOf(') ') + 2).split(' ');
  const at = whose === 'own' ? 11 : 13;
  return (Number(fields[at]) + Number(fields[at + 1])) * 10;
}
