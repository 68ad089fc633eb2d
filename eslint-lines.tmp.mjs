import base from './eslint.config.mjs';
export default [...base, { files: ['**/*.ts'], ignores: ['test/**'], rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }], 'max-lines-per-function': ['error', { max: 120 }] } }];
