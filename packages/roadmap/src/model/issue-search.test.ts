// @vitest-environment node
import { portal } from '@hearken/test-support';
import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { createIssueSearch } from './issue-search.ts';

describe('createIssueSearch', () => {
  it('matches identifier, title or summary as the query changes, and groups the matches by status', () => {
    const issues = portal().issues;
    const search = createIssueSearch(signal(issues), signal(undefined));
    expect(search.query.value).toBe('');
    expect(search.matches.value).toEqual(issues);
    search.query.value = '  LOGGED out ';
    expect(search.matches.value.map((issue) => issue.title)).toEqual(['Fix login']);
    expect(search.groups.value.map((group) => [group.state, group.items.length])).toEqual([['Done', 1]]);
    search.query.value = 'nothing like it';
    expect(search.matches.value).toEqual([]);
    expect(search.groups.value).toEqual([]);
    search.dispose();
  });
});
