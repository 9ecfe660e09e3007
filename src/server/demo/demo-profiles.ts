import type { careSettings, languages, specialties } from '../../domain/therapist-profile';

/** What agencies read on a demo therapist's profile (domain/therapist-profile.ts), so no demo profile is empty. */
export interface DemoProfile {
  careSettings: (typeof careSettings)[number][];
  specialties: (typeof specialties)[number][];
  languages: (typeof languages)[number][];
  bio: string;
  /** For the exclusion check only; fictional, and no LEIE entry matches it. */
  dateOfBirth: string;
}

export const demoProfiles: Readonly<Record<string, DemoProfile>> = {
  'maria-delgado': {
    careSettings: ['Home health', 'Outpatient'],
    specialties: ['Orthopedics', 'Joint replacement', 'Fall prevention'],
    languages: ['English', 'Spanish'],
    bio: 'Home health PT for eleven years, most of them with joint replacement patients in South Austin. I treat in English and Spanish and involve families in every home program.',
    dateOfBirth: '1984-05-17',
  },
  'david-nguyen': {
    careSettings: ['Home health', 'Inpatient rehab'],
    specialties: ['Neurology', 'Stroke rehab', 'Cognitive rehab'],
    languages: ['English', 'Vietnamese'],
    bio: 'OT focused on getting stroke survivors back to their own routines at home: bathing, dressing and the kitchen first.',
    dateOfBirth: '1989-11-02',
  },
  'keisha-brooks': {
    careSettings: ['Home health', 'Skilled nursing'],
    specialties: ['Geriatrics', 'Fall prevention'],
    languages: ['English'],
    bio: 'PTA working under the plan of care on strength, balance and safe transfers for older adults.',
    dateOfBirth: '1994-02-08',
  },
  'james-okafor': {
    careSettings: ['Home health', 'Acute care', 'Outpatient'],
    specialties: ['Cardiopulmonary', 'Orthopedics', 'Wound care'],
    languages: ['English'],
    bio: 'Sixteen years across acute care and home health in Tampa; comfortable with complex cardiac and post-surgical patients.',
    dateOfBirth: '1978-08-23',
  },
  'lauren-whitfield': {
    careSettings: ['Home health', 'Hospice'],
    specialties: ['Dysphagia', 'Aphasia', 'Cognitive rehab'],
    languages: ['English', 'French'],
    bio: 'SLP for swallowing and communication after stroke and in dementia care, including hospice patients and their caregivers.',
    dateOfBirth: '1986-03-30',
  },
  'carlos-rivera': {
    careSettings: ['Home health'],
    specialties: ['Geriatrics'],
    languages: ['English', 'Spanish'],
    bio: 'COTA new to home health after three years in skilled nursing.',
    dateOfBirth: '1996-07-12',
  },
  'emily-schroeder': {
    careSettings: ['Home health', 'Pediatrics'],
    specialties: ['Pediatrics', 'Neurology'],
    languages: ['English', 'American Sign Language'],
    bio: 'OT for children and adults with neurological conditions; fluent in ASL.',
    dateOfBirth: '1982-12-04',
  },
  'marcus-bell': {
    careSettings: ['Home health', 'Outpatient'],
    specialties: ['Vestibular', 'Fall prevention', 'Orthopedics'],
    languages: ['English'],
    bio: 'Vestibular-certified PT; dizziness and balance problems are my favorite puzzles.',
    dateOfBirth: '1990-06-19',
  },
  'priya-raman': {
    careSettings: ['Home health', 'Acute care'],
    specialties: ['Dysphagia', 'Aphasia'],
    languages: ['English', 'Hindi'],
    bio: 'SLP moving from acute care into home health around Columbus.',
    dateOfBirth: '1991-09-25',
  },
  'sofia-martinez': {
    careSettings: ['Home health', 'Skilled nursing', 'Outpatient'],
    specialties: ['Lymphedema', 'Orthopedics', 'Wound care'],
    languages: ['English', 'Spanish'],
    bio: 'Certified lymphedema therapist serving Phoenix homes in English and Spanish.',
    dateOfBirth: '1985-01-15',
  },
  'tyler-jensen': {
    careSettings: ['Outpatient'],
    specialties: ['Orthopedics'],
    languages: ['English'],
    bio: 'PTA with two years in outpatient orthopedics.',
    dateOfBirth: '1998-04-03',
  },
  'grace-holloway': {
    careSettings: ['Home health', 'Assisted living'],
    specialties: ['Geriatrics', 'Fall prevention'],
    languages: ['English', 'Tagalog'],
    bio: 'COTA helping residents of assisted living and their own homes stay independent and safe.',
    dateOfBirth: '1987-10-11',
  },
};
