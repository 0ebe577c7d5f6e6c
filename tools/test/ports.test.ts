import { describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded/ports';

describe('free ports for a stack to listen on', () => {
  it('when ports are asked for one after another and none is listened on yet, then no port is handed out twice', async () => {
    // As two runs starting together pick theirs: each port is free when picked, none taken yet. Among
    // 300 picks from the 12,000 ports below the ephemeral range, a repeat is all but certain unless
    // a port, once handed out, is promised (machine-wide) to whoever took it.
    const picked: number[] = [];
    for (let i = 0; i < 300; i++) picked.push(await freePort());
    expect(new Set(picked).size).toBe(picked.length);
  });
});
