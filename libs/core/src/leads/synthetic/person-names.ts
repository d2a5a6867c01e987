// Roughly most common first: the generator weights a name by its rank.

export const FIRST_NAMES: readonly string[] = `
James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph
Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret
Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa
George Deborah Timothy Stephanie Ronald Rebecca Jason Sharon Edward Laura Jeffrey Cynthia Ryan Dorothy Jacob
Amy Gary Kathleen Nicholas Angela Eric Shirley Jonathan Emma Stephen Brenda Larry Pamela Justin Nicole Scott
Anna Brandon Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn Frank
Janet Raymond Maria Jack Olivia Dennis Heather Jerry Helen Tyler Catherine Aaron Diane José Julie Adam Victoria
Nathan Joyce Henry Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia Ethan Judith
Jeremy Evelyn Christian Hannah Walter Andrea Keith Megan Austin Cheryl Roger Jacqueline Terry Madison Sean
Teresa Gerald Abigail Carl Sophia Dylan Martha Harold Sara Jordan Gloria Jesse Janice Bryan Kathryn Lawrence
Ann Arthur Isabella Gabriel Judy Bruce Charlotte Logan Julia Billy Grace Joe Amber Alan Alice Juan Jean Elijah
Denise Willie Frances Albert Danielle Wayne Marilyn Randy Natalie Mason Beverly Vincent Diana Liam Brittany
Roy Theresa Bobby Kayla Caleb Alexis Bradley Doris Russell Lori Lucas Tiffany Carlos Sofia Luis Ana Miguel
Camila Diego Valentina Mateo Lucía Santiago Ximena Priya Wei Mohammed Aisha Raj Mei Hiroshi Yuki Fatima Omar
Ahmed Li Chen Arjun Ananya Kwame Amara Tariq Leila Dmitri Olga Ivan Sven Ingrid Lars Giulia Marco Pierre
Camille Kenji Min-jun Ji-woo Linh Minh Zoë Chloé Renée André Björn Søren Jürgen François Inés Łukasz Siobhán
Noël Aurélie Joël Hélène Mónica Raúl Andrés Martín Sebastián Rubén Ángel Jesús Iñaki Núria Anaïs Gaël Åsa
Øyvind Małgorzata Zsófia Dagný Maëlle Céline Bénédicte Agnès Stéphane Jérôme Gökhan Ayşe Zoé Chloë Mikaël
`
  .trim()
  .split(/\s+/);

export const LAST_NAMES: readonly string[] = `
Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis
Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart
Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim
Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo
Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler
Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds
Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford
Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman
Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon
Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice
Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer
Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong
Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards
Contreras Willis Carpenter Lawrence Sandoval Wang Li Zhang Liu Singh Kumar Shah Gupta Khan Ali Yamamoto
Tanaka Sato Park Choi Cohen Levy Friedman Goldberg Kowalski Nowak Novak Ivanov Petrov Rossi Russo Romano
Bianchi Dubois Lefebvre Schneider Fischer Weber Becker Schulz O'Brien O'Connor O'Neill McCarthy Walsh Byrne
García Hernández López Martínez Pérez Rodríguez González Sánchez Ramírez Gómez Díaz Núñez Peña Ibáñez Jiménez
Fernández Álvarez Muñoz Müller Schäfer Krüger Böhm Groß Østergaard Søndergaard Håkansson Björklund Ólafsson
Wójcik Kowalczyk Żukowski Dvořák Novotný Šimić Nguyễn Trần Phạm Lê Gonçalves Conceição Çelik Yılmaz Öztürk
Lefèvre Bélanger Côté Lévesque Gagné Pelletier
`
  .trim()
  .split(/\s+/);
