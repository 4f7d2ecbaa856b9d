import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { machineBusySeconds, meterCpu, processCpuSeconds, selfCpuSeconds } from './cpu-meter';

/** Spins until this process has used `seconds` more CPU (not wall clock: the machine may be busy). */
function burn(seconds: number): void {
  const until = selfCpuSeconds() + seconds;
  let x = 0;
  while (selfCpuSeconds() < until) x += Math.sqrt(x + 1);
}

describe('CPU per request', () => {
  it("charges a process's CPU to the requests it answered", async () => {
    const cpu = await meterCpu(process.pid, async () => {
      burn(0.2);
      return 100;
    });
    // 200 ms over 100 requests is 2,000 µs each; /proc counts in ticks of 10 ms.
    expect(cpu.serverUs).toBeGreaterThan(1_500);
    expect(cpu.serverUs).toBeLessThan(3_000);
    expect(cpu.loadUs).toBeGreaterThan(1_500);
    // The machine did at least this process's work.
    expect(cpu.machineUs).toBeGreaterThan(1_500);
  });

  it("reads another process's CPU, whatever its command line holds", async () => {
    // A command name with spaces and a parenthesis, which /proc/<pid>/stat prints inside ( ): read
    // from the first ')', the fields would be off by six and the figure absurd.
    const child = spawn(
      process.execPath,
      [
        '-e',
        'process.title = "x) 1 2 3 4 5 6"; const t = Date.now(); while (Date.now() - t < 400);',
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 350));
    const used = processCpuSeconds(child.pid);
    await exited;
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThan(5);
  });

  it('answers NaN for what it cannot measure', async () => {
    expect(processCpuSeconds(undefined)).toBeNaN();
    expect(processCpuSeconds(2 ** 30)).toBeNaN();
    expect((await meterCpu(process.pid, async () => 0)).serverUs).toBeNaN();
    expect(machineBusySeconds()).toBeGreaterThan(0);
  });
});
