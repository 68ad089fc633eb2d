/** Wall time in ms since `t0` (process.hrtime.bigint()). */
export const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/**
 * One route asked six times in a row: the first answer (what a cold projection costs) and the median of the five
 * warm ones, printed with the body's size and the process's resident memory.
 */
export const firstAndWarm = async (base: string, route: string, headers: Record<string, string> = {}, label = route): Promise<void> => {
  const times: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < 6; i++) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${base}${route}`, { headers });
    bytes = (await res.arrayBuffer()).byteLength;
    status = res.status;
    times.push(ms(t0));
  }
  if (status !== 200) throw new Error(`${route} answered ${status}`);
  const warm = times.slice(1).sort((a, b) => a - b);
  console.log(`GET ${label}: ${bytes} bytes; first ${times[0]!.toFixed(0)} ms, warm median ${warm[2]!.toFixed(1)} ms; rss ${mib(process.memoryUsage().rss)}`);
};
