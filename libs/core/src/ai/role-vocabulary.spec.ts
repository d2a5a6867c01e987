import { readContactRole, readRole } from './role-vocabulary';

describe('readRole', () => {
  it.each([
    ['Vice President of Sales', ['sales'], ['vp']],
    ['President & CEO', ['executive'], ['c-level']],
    ['Chief Technology Officer', ['technology'], ['c-level']],
    ['Senior Software Engineer', ['engineering'], ['individual']],
    ['Product Owner', ['product'], []],
    ['Owner', ['executive'], ['c-level']],
    ['Head of People', ['people'], ['head']],
    ['Director of Finance', ['finance'], ['director']],
  ])('%s', (title, functions, levels) => {
    const role = readRole(title);
    expect([...role.functions].sort()).toEqual(functions);
    expect(role.levels).toEqual(levels);
  });

  it('completes a title with the department and seniority of the contact data', () => {
    const role = readContactRole('Associate', 'Marketing', 'Manager');
    expect([...role.functions]).toEqual(['marketing']);
    expect(role.levels).toEqual(['individual']);
    expect(readContactRole(null, 'IT', 'C-Suite')).toMatchObject({ levels: ['c-level'] });
  });
});
