import { SYNTHETIC_DEPARTMENTS, SYNTHETIC_SENIORITIES, TITLE_LADDERS } from './job-roles';
import { Prng } from './prng';
import { RolePicker } from './role-picker';

describe('RolePicker', () => {
  const picker = new RolePicker();
  const roles = (category: Parameters<RolePicker['pick']>[1], sizeClass: number, count = 5000) => {
    const random = new Prng(9);
    return Array.from({ length: count }, () => picker.pick(random, category, sizeClass));
  };

  it('has titles for every department at every rung', () => {
    for (const department of SYNTHETIC_DEPARTMENTS) {
      for (const ladder of Object.values(TITLE_LADDERS[department])) expect(ladder.length).toBeGreaterThan(0);
    }
  });

  it('gives only known seniorities and departments, with titles from the matching ladder', () => {
    for (const role of roles('Technology', 1)) {
      expect(SYNTHETIC_SENIORITIES).toContain(role.seniority);
      expect(SYNTHETIC_DEPARTMENTS).toContain(role.department);
      if (role.seniority !== 'Owner' && role.seniority !== 'Partner') {
        expect(TITLE_LADDERS[role.department][role.seniority]).toContain(role.jobTitle);
      }
    }
  });

  it('makes owners common at small companies and rare at large ones', () => {
    const ownerShare = (sizeClass: number) =>
      roles('Real Estate & Construction', sizeClass).filter((role) => role.seniority === 'Owner').length / 5000;
    expect(ownerShare(0)).toBeGreaterThan(0.08);
    expect(ownerShare(2)).toBeLessThan(0.01);
  });

  it('has no owners or partners in public bodies, schools and charities', () => {
    for (const category of ['Government', 'Education', 'Nonprofit'] as const) {
      expect(roles(category, 0).some((role) => role.seniority === 'Owner' || role.seniority === 'Partner')).toBe(false);
    }
  });

  it('staffs hospitals with clinicians and tech companies with engineers', () => {
    const medicalShare = roles('Healthcare', 1).filter((role) => role.department === 'Medical').length / 5000;
    expect(medicalShare).toBeGreaterThan(0.3);
    const tech = roles('Technology', 1);
    const retail = roles('Retail & Consumer', 1);
    const engineers = (list: typeof tech) => list.filter((role) => role.department === 'Engineering').length;
    expect(engineers(tech)).toBeGreaterThan(engineers(retail) * 1.5);
    expect(roles('Technology', 1).some((role) => role.department === 'Medical')).toBe(false);
  });
});
