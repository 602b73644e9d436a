import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from './circuit-breaker.js';

describe('circuit breaker', () => {
  it('opens after the threshold, half-opens after the cooldown, closes on a successful trial', () => {
    let t = 1000;
    const b = createCircuitBreaker({ threshold: 3, cooldownMs: 500, now: () => t });
    for (let i = 0; i < 2; i++) {
      expect(b.tryAcquire()).toBe(true);
      b.failure();
    }
    expect(b.state()).toBe('closed');
    b.failure();
    expect(b.state()).toBe('open');
    expect(b.tryAcquire()).toBe(false);
    expect(b.reopensAt()).toBe(1500);
    t = 1500;
    expect(b.state()).toBe('half-open');
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(false); // one trial at a time
    b.success();
    expect(b.state()).toBe('closed');
    expect(b.tryAcquire()).toBe(true);
  });

  it('a failed trial opens it again for a full cooldown', () => {
    let t = 0;
    const b = createCircuitBreaker({ threshold: 1, cooldownMs: 100, now: () => t });
    b.failure();
    t = 100;
    expect(b.tryAcquire()).toBe(true);
    b.failure();
    expect(b.state()).toBe('open');
    t = 150;
    expect(b.tryAcquire()).toBe(false);
  });

  it('a success resets the failure count', () => {
    const b = createCircuitBreaker({ threshold: 2, cooldownMs: 100 });
    b.failure();
    b.success();
    b.failure();
    expect(b.state()).toBe('closed');
  });
});
