import { describe, expect, it } from 'vitest';
import { jobOfHeadline, observe, withObservation } from '../../../src/domain/job-change';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';

const at = '2026-12-06T10:00:00.000Z';
const held: ContactRecord = {
  v: 1,
  key: 'https://www.linkedin.com/in/ada',
  socialUrl: 'https://www.linkedin.com/in/ada',
  candidateId: '1',
  name: 'Ada',
  currentTitle: 'Senior Engineer',
  currentEmployer: 'Acme Inc.',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('a job change seen on LinkedIn', () => {
  it.each([
    ['Staff Engineer at Nimbus', { title: 'Staff Engineer', employer: 'Nimbus' }],
    ['Staff Engineer @ Nimbus | ex-Acme', { title: 'Staff Engineer', employer: 'Nimbus' }],
    ['Head of Data at Nimbus Cloud – hiring', { title: 'Head of Data', employer: 'Nimbus Cloud' }],
    ['Staff Engineer at Nimbus - ex-Acme', { title: 'Staff Engineer', employer: 'Nimbus' }],
    ['Staff Engineer at Coca-Cola', { title: 'Staff Engineer', employer: 'Coca-Cola' }],
    ['Staff Engineer  at   Nimbus', { title: 'Staff Engineer', employer: 'Nimbus' }],
    ['Staff Engineer at Nimbus\n', { title: 'Staff Engineer', employer: 'Nimbus' }],
    ['Building things | Speaker', null],
    ['Nurse', null],
    ['', null],
    // Two lines are not one job: neither a first line nor a place after the employer is read as part of it.
    ['Founder\nStaff Engineer at Nimbus', null],
    ['Staff Engineer at Nimbus\nLondon', null],
  ])('reads %j as a title at an employer, or nothing', (headline, job) => {
    expect(jobOfHeadline(headline)).toEqual(job);
  });

  it('a person shown with no headline at all is no job', () => {
    expect(jobOfHeadline(null)).toBeNull();
    expect(jobOfHeadline(undefined)).toBeNull();
  });

  it('a new employer or title is kept with what the page said and when', () => {
    expect(observe(held, { title: 'Staff Engineer', employer: 'Nimbus' }, at)).toEqual({
      title: 'Staff Engineer',
      employer: 'Nimbus',
      at,
    });
    expect(observe(held, { title: 'Principal Engineer', employer: 'ACME' }, at)).toMatchObject({
      title: 'Principal Engineer',
    });
  });

  it('the same job in other words is no change: case, a legal ending, a longer name', () => {
    expect(observe(held, { title: 'senior engineer', employer: 'Acme' }, at)).toBeNull();
    expect(observe(held, { title: 'Senior Engineer', employer: 'Acme Robotics' }, at)).toBeNull();
  });

  it('the same job in other words is no change: accents, punctuation, the shorter name of the two', () => {
    const societe = { ...held, currentTitle: 'VP, Engineering', currentEmployer: 'Société Générale' };
    expect(observe(societe, { title: 'VP Engineering', employer: 'Societe Generale' }, at)).toBeNull();
    const cloud = { ...held, currentEmployer: 'Nimbus Cloud' };
    expect(observe(cloud, { title: 'Senior Engineer', employer: 'Nimbus' }, at)).toBeNull();
  });

  it('only what was revealed is compared: a missing title or employer is no change, the known one still is', () => {
    const noEmployer = { ...held, currentEmployer: null };
    expect(observe(noEmployer, { title: 'Senior Engineer', employer: 'Nimbus' }, at)).toBeNull();
    expect(observe(noEmployer, { title: 'Staff Engineer', employer: 'Nimbus' }, at)).toEqual({
      title: 'Staff Engineer',
      employer: 'Nimbus',
      at,
    });
    const noTitle = { ...held, currentTitle: null };
    expect(observe(noTitle, { title: 'Staff Engineer', employer: 'Acme' }, at)).toBeNull();
    expect(observe(noTitle, { title: 'Senior Engineer', employer: 'Nimbus' }, at)).toEqual({
      title: 'Senior Engineer',
      employer: 'Nimbus',
      at,
    });
  });

  it('nothing comparable says nothing: no headline read, or nothing revealed to compare with', () => {
    expect(observe(held, null, at)).toBeUndefined();
    expect(
      observe({ ...held, currentTitle: null, currentEmployer: null }, { title: 'X', employer: 'Y' }, at),
    ).toBeUndefined();
  });

  it('keeps an observation once, clears it when the page agrees again, and writes nothing when nothing is new', () => {
    const seen = { title: 'Staff Engineer', employer: 'Nimbus' };
    const changed = withObservation(held, seen, at);
    expect(changed.observed).toEqual({ ...seen, at });
    expect(withObservation(changed, seen, '2026-12-07T10:00:00.000Z')).toBe(changed);
    expect(
      withObservation(changed, { title: 'Senior Engineer', employer: 'Acme' }, at).observed,
    ).toBeUndefined();
    expect(withObservation(held, null, at)).toBe(held);
    expect(withObservation(held, { title: 'Senior Engineer', employer: 'Acme' }, at)).toBe(held);
  });

  it('a later move replaces the kept one: a new employer, or a new title at the same one', () => {
    const changed = withObservation(held, { title: 'Staff Engineer', employer: 'Nimbus' }, at);
    const later = '2026-12-08T10:00:00.000Z';
    expect(withObservation(changed, { title: 'Staff Engineer', employer: 'Orbit' }, later).observed).toEqual({
      title: 'Staff Engineer',
      employer: 'Orbit',
      at: later,
    });
    expect(
      withObservation(changed, { title: 'Principal Engineer', employer: 'Nimbus' }, later).observed,
    ).toEqual({
      title: 'Principal Engineer',
      employer: 'Nimbus',
      at: later,
    });
  });
});
